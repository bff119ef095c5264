// jsdom has no TextEncoder, which react-router needs at import time; import this first.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
