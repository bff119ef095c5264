// CSS Modules: the consumer's css-loader hashes class names and exports them as a default object
// (css-loader `modules.namedExport: false`); jest maps them to identity-obj-proxy.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
