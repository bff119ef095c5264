import { modeFromEnv, startPlatformUnderTest, type PlatformUnderTest } from './platform-under-test';

declare global {
  var campusPlatformUnderTest: PlatformUnderTest | undefined;
}

/** One platform for every suite of the run; suites find it through E2E_API_URL. */
export default async function globalSetup(): Promise<void> {
  const started = performance.now();
  const platform = await startPlatformUnderTest(modeFromEnv());
  globalThis.campusPlatformUnderTest = platform;
  process.env.E2E_API_URL = platform.url;
  process.env.E2E_TEACHER_CODE = platform.teacherCode;
  process.env.E2E_MODE = platform.mode;
  console.log(
    `\n${platform.mode} platform at ${platform.url}, ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
