import '@testing-library/jest-dom';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient, type ApiClient } from '../src/api-client';
import { scriptedFetch, type RecordedRequest, type ScriptedReply } from '../src/testing/scripted-fetch';
import { createIntentKeys, newIdempotencyKey, useIdempotencyKey } from '../src/use-idempotency-key';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A one-field create form as ours are: the key comes from the hook, the client sends it. */
function NoteForm({ api }: { api: ApiClient }) {
  const intent = useIdempotencyKey();
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const submit = async () => {
    const body = { text };
    try {
      await api.send('POST', '/api/notes', { body, idempotencyKey: intent.keyFor(body) });
      intent.succeeded();
      setStatus('Saved');
    } catch {
      setStatus('Failed: try again');
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label>
        Text <input value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <button type="submit">Post</button>
      <p role="status">{status}</p>
    </form>
  );
}
let requests: RecordedRequest[] = [];
/** Renders the form over a scripted network; `sentKeys()` then reads what its requests carried. */
function renderForm(script: ScriptedReply[]) {
  const scripted = scriptedFetch(script);
  requests = scripted.requests;
  render(<NoteForm api={createApiClient({ fetch: scripted.fetch })} />);
}
const sentKeys = () => requests.map((r) => r.headers['Idempotency-Key']);

describe('one Idempotency-Key per intent', () => {
  test('when a submit fails and the user retries the same content, then the retry carries the same key', async () => {
    const user = userEvent.setup();
    renderForm([
      { status: 503, body: { success: false, message: 'Down', code: 'X' } },
      { status: 201, body: {} },
    ]);
    await user.type(screen.getByLabelText('Text'), 'hello');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Failed: try again')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const [first, retry] = sentKeys();
    expect(first).toMatch(UUID);
    expect(retry).toBe(first);
  });

  test('when the user taps twice before the answer, then both requests carry one key', async () => {
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const user = userEvent.setup();
    renderForm([
      { status: 201, body: {}, hold },
      { status: 201, body: {}, hold },
    ]);
    await user.type(screen.getByLabelText('Text'), 'hello');
    await user.dblClick(screen.getByRole('button', { name: 'Post' }));
    release();
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const keys = sentKeys();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
  });

  test('when the user edits the content after a failure, or posts again after a success, then a new key', async () => {
    const user = userEvent.setup();
    const fail = { status: 503, body: { success: false, message: 'Down', code: 'X' } };
    renderForm([fail, { status: 201, body: {} }, { status: 201, body: {} }]);
    const input = screen.getByLabelText('Text');
    await user.type(input, 'hello');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Failed: try again')).toBeInTheDocument();
    await user.type(input, '!');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await screen.findByText('Saved');
    const keys = sentKeys();
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(UUID);
    expect(new Set(keys).size).toBe(3);
  });

  test('when the page is not a secure context (no crypto.randomUUID), then keys are still random v4 UUIDs', () => {
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(UUID);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });

  test('when the same content is asked for again, then the same key; other content or a success, then a new one', () => {
    let n = 0;
    const intent = createIntentKeys(() => `k${(n += 1)}`);
    expect(intent.keyFor({ text: 'a' })).toBe('k1');
    expect(intent.keyFor({ text: 'a' })).toBe('k1');
    expect(intent.keyFor({ text: 'b' })).toBe('k2');
    intent.succeeded();
    expect(intent.keyFor({ text: 'b' })).toBe('k3');
  });
});
