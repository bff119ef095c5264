export default async function globalTeardown(): Promise<void> {
  const platform = globalThis.campusPlatformUnderTest;
  if (!platform) return;
  const crashes = platform.crashes();
  await platform.stop();
  // A crash is a bug even when the platform came back: the run fails and says where to look.
  if (crashes.length > 0)
    throw new Error(
      `the ${platform.mode} platform crashed ${crashes.length} time(s) during the run:\n${crashes.join('\n')}`,
    );
}
