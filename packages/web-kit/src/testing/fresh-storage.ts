// Run before every web test (jest.config.js `setupFilesAfterEnv`): each test starts with an empty
// localStorage. Forms keep drafts there and write them when they unmount, which includes the
// cleanup after the previous test of the same file.
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
