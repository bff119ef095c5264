// Set up before every web test (jest.config.js `setupFiles`): jsdom has no TextEncoder, which
// react-router needs as soon as it is imported.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
