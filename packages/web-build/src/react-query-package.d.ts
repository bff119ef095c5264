// The package itself, behind the share key (see shared-react-query.ts): the same types.
declare module 'tanstack-react-query-package' {
  export * from '@tanstack/react-query';
}
