import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CreateEventResponse, UpdateEventResponse } from '@campus/contracts/events-domain';
import { EVENTS_MESSAGES } from '@campus/contracts/events-domain-rules';
import { SuccessResponse } from '@campus/contracts/identity';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import EventForm from '../src/create/event-form';
import { campusEvent, student } from './events-fixtures';

const POSTER_URL = `/api/event/poster/${'a'.repeat(64)}.webp`;

/** The upload goes by XMLHttpRequest (for its progress): this one reports 50% then answers. */
class FakeUpload {
  static opened: string[] = [];
  static sent: FormData[] = [];
  static answer = { status: 200, body: { posterUrl: POSTER_URL, variants: [] } as unknown };
  /** Answers given before `answer`, first one first (a 401 before the session was renewed). */
  static earlierAnswers: Array<{ status: number; body: unknown }> = [];
  /** When set, the upload reports its 50% and waits for this before it answers. */
  static hold: Promise<void> | null = null;
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  open(method: string, url: string) {
    FakeUpload.opened.push(`${method} ${url}`);
  }
  setRequestHeader() {}
  send(body: FormData) {
    FakeUpload.sent.push(body);
    const answer = FakeUpload.earlierAnswers.shift() ?? FakeUpload.answer;
    setTimeout(async () => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      await FakeUpload.hold;
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    }, 0);
  }
}

beforeEach(() => {
  FakeUpload.opened = [];
  FakeUpload.sent = [];
  FakeUpload.earlierAnswers = [];
  FakeUpload.hold = null;
  FakeUpload.answer = { status: 200, body: { posterUrl: POSTER_URL, variants: [] } };
  (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeUpload;
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

const image = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'fest.jpg', { type: 'image/jpeg' });

async function fillLinks() {
  await userEvent.type(screen.getByLabelText(/^Event title/), 'Hack Night');
  await fillWhenWhere();
  await userEvent.type(screen.getByLabelText(/^Registration link/), 'https://forms.example.org/hack');
}

/** A date-time input takes a whole value (as a browser's picker sets it). */
const setDateTime = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillWhenWhere() {
  setDateTime(/^Starts/, '2026-03-14T18:00');
  setDateTime(/^Ends/, '2026-03-14T20:30');
  await userEvent.type(screen.getByLabelText(/^Venue/), 'Main Auditorium');
}

/** The form for a signed-in student, with the server accepting the event (201). */
const renderPostingForm = (onCreated?: () => void) =>
  renderRemoteScreen(<EventForm onCreated={onCreated} />, {
    user: student,
    path: '/profile/createvent',
    replies: [
      contractReply(
        CreateEventResponse,
        { success: true, message: 'Event posted', data: campusEvent(1) },
        { url: '/api/event/createform', method: 'POST', status: 201 },
      ),
    ],
  });

describe('Create Event Post', () => {
  test('it says the post is deleted after 30 days', () => {
    renderRemoteScreen(<EventForm />, { user: student, path: '/profile/createvent' });
    expect(screen.getByText(EVENTS_MESSAGES.lifetimeNote)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Event poster/)).toHaveAttribute(
      'accept',
      expect.stringContaining('image/'),
    );
  });

  test('when submitted without a poster, then "Please select a poster to upload." and nothing is sent', async () => {
    const { requests } = renderRemoteScreen(<EventForm />, { user: student, path: '/profile/createvent' });
    await fillLinks();
    await userEvent.click(screen.getByRole('button', { name: 'Post Event' }));
    expect((await screen.findAllByText(EVENTS_MESSAGES.posterRequired)).length).toBeGreaterThan(0);
    expect(requests).toHaveLength(0);
    expect(FakeUpload.sent).toHaveLength(0);
  });

  test('when the file is not an image, then it is refused at once', async () => {
    renderRemoteScreen(<EventForm />, { user: student, path: '/profile/createvent' });
    await userEvent.upload(
      screen.getByLabelText(/^Event poster/),
      new File(['hi'], 'notes.txt', { type: 'text/plain' }),
      {
        applyAccept: false,
      },
    );
    expect(await screen.findByText(/Only image files can be posters/)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Preview of the chosen poster' })).not.toBeInTheDocument();
  });

  test('when the links are wrong, then each field says why', async () => {
    renderRemoteScreen(<EventForm />, { user: student, path: '/profile/createvent' });
    await userEvent.type(screen.getByLabelText(/^Registration link/), 'javascript:alert(1)');
    await userEvent.type(screen.getByLabelText(/^Instagram link/), 'https://example.org/x');
    await userEvent.click(screen.getByRole('button', { name: 'Post Event' }));
    expect(await screen.findByText(EVENTS_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(EVENTS_MESSAGES.registerInvalid)).toBeInTheDocument();
    expect(screen.getByText(EVENTS_MESSAGES.instagramInvalid)).toBeInTheDocument();
  });

  test.each(['not a url', 'https://[::1'])(
    'when the Instagram link is %j (no URL at all), then the field says why and nothing is sent',
    async (link) => {
      const { requests } = renderRemoteScreen(<EventForm />, { user: student, path: '/profile/createvent' });
      await fillLinks();
      // ('[' starts a key name in userEvent's notation: '[[' types one.)
      await userEvent.type(screen.getByLabelText(/^Instagram link/), link.replace(/[[{]/g, '$&$&'));
      await userEvent.click(screen.getByRole('button', { name: 'Post Event' }));
      expect(await screen.findByText(EVENTS_MESSAGES.instagramInvalid)).toBeInTheDocument();
      expect(requests).toHaveLength(0);
      expect(FakeUpload.sent).toHaveLength(0);
    },
  );

  test('when a poster and links are given, then the poster uploads, the event is posted with its posterUrl and the user goes to /events', async () => {
    const onCreated = jest.fn();
    const { requests, location } = renderPostingForm(onCreated);
    await userEvent.upload(screen.getByLabelText(/^Event poster/), image());
    expect(screen.getByRole('img', { name: 'Preview of the chosen poster' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await fillLinks();
    await userEvent.click(screen.getByRole('button', { name: 'Post Event' }));

    await waitFor(() => expect(location.pathname).toBe('/events'));
    expect(FakeUpload.opened).toEqual(['POST /api/event/upload']);
    expect(FakeUpload.sent[0]?.get('poster')).toBeInstanceOf(File);
    // No `userid`: the event is the signed-in user's, and the service takes that from the session.
    const posted = requests.find((r) => r.url === '/api/event/createform')?.body;
    // The inputs' wall times are campus time (IST, +05:30), whatever zone the test machine is in.
    expect(posted).toEqual({
      posterLink: POSTER_URL,
      registerLink: 'https://forms.example.org/hack',
      title: 'Hack Night',
      startsAt: '2026-03-14T18:00:00+05:30',
      endsAt: '2026-03-14T20:30:00+05:30',
      venue: 'Main Auditorium',
    });
    expect(posted).not.toHaveProperty('userid');
    expect(onCreated).toHaveBeenCalled();
  });

  test('while the poster uploads, then "Uploading..." with its progress, and nothing is posted until it is done', async () => {
    let release!: () => void;
    FakeUpload.hold = new Promise<void>((resolve) => (release = resolve));
    const { requests, location } = renderPostingForm();
    await userEvent.upload(screen.getByLabelText(/^Event poster/), image());
    await fillLinks();
    await userEvent.click(screen.getByRole('button', { name: 'Post Event' }));

    expect(await screen.findByRole('progressbar', { name: 'Poster upload' })).toHaveAttribute('value', '50');
    expect(screen.getByRole('button', { name: /Uploading\.\.\. 50%/ })).toBeDisabled();
    expect(requests).toHaveLength(0);

    release();
    await waitFor(() => expect(location.pathname).toBe('/events'));
    expect(requests.map((r) => r.url)).toEqual(['/api/event/createform']);
  });

  test('when the session lapsed during the upload (401), then it is renewed once and the poster is sent again', async () => {
    FakeUpload.earlierAnswers = [
      {
        status: 401,
        body: { success: false, code: 'UNAUTHENTICATED', message: 'Please log in to continue.' },
      },
    ];
    const { requests, location } = renderRemoteScreen(<EventForm />, {
      user: student,
      path: '/profile/createvent',
      replies: [
        contractReply(SuccessResponse, { success: true }, { url: '/api/auth/refresh', method: 'POST' }),
        contractReply(
          CreateEventResponse,
          { success: true, message: 'Event posted', data: campusEvent(1) },
          { url: '/api/event/createform', method: 'POST', status: 201 },
        ),
      ],
    });
    await userEvent.upload(screen.getByLabelText(/^Event poster/), image());
    await fillLinks();
    await userEvent.click(screen.getByRole('button', { name: 'Post Event' }));

    await waitFor(() => expect(location.pathname).toBe('/events'));
    expect(FakeUpload.sent).toHaveLength(2);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/auth/refresh',
      'POST /api/event/createform',
    ]);
  });

  test('when the server refuses the poster, then its message shows under the poster and no event is posted', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    FakeUpload.answer = {
      status: 415,
      body: {
        success: false,
        code: 'UNSUPPORTED_IMAGE_TYPE',
        message: 'Only images can be uploaded: JPEG, PNG, WebP, GIF.',
      },
    };
    const { requests } = renderRemoteScreen(<EventForm />, {
      user: student,
      path: '/profile/createvent',
      replies: [errorReply(500, { code: 'NEVER', message: 'not called' })],
    });
    await userEvent.upload(screen.getByLabelText(/^Event poster/), image());
    await fillLinks();
    await userEvent.click(screen.getByRole('button', { name: 'Post Event' }));
    expect(await screen.findByText('Only images can be uploaded: JPEG, PNG, WebP, GIF.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  test('when the dates or the venue are missing, or the end is not after the start, then each field says why and nothing is sent', async () => {
    const { requests } = renderRemoteScreen(<EventForm />, { user: student, path: '/profile/createvent' });
    await userEvent.upload(screen.getByLabelText(/^Event poster/), image());
    await userEvent.click(screen.getByRole('button', { name: 'Post Event' }));
    expect(await screen.findByText(EVENTS_MESSAGES.startsAtRequired)).toBeInTheDocument();
    expect(screen.getByText(EVENTS_MESSAGES.endsAtRequired)).toBeInTheDocument();
    expect(screen.getByText(EVENTS_MESSAGES.venueRequired)).toBeInTheDocument();
    setDateTime(/^Starts/, '2026-03-14T18:00');
    setDateTime(/^Ends/, '2026-03-14T17:00');
    await userEvent.click(screen.getByRole('button', { name: 'Post Event' }));
    expect(await screen.findByText(EVENTS_MESSAGES.endsBeforeStart)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Starts/)).toHaveAttribute('type', 'datetime-local');
    expect(requests).toHaveLength(0);
    expect(FakeUpload.sent).toHaveLength(0);
  });

  test('when the server refuses an end that has passed, then its sentence shows by Ends', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRemoteScreen(<EventForm />, {
      user: student,
      path: '/profile/createvent',
      replies: [
        errorReply(
          400,
          {
            code: 'VALIDATION_FAILED',
            message: EVENTS_MESSAGES.endedAlready,
            issues: [{ path: 'endsAt', message: EVENTS_MESSAGES.endedAlready }],
          },
          { url: '/api/event/createform', method: 'POST' },
        ),
      ],
    });
    await userEvent.upload(screen.getByLabelText(/^Event poster/), image());
    await fillLinks();
    await userEvent.click(screen.getByRole('button', { name: 'Post Event' }));
    expect(await screen.findByText(EVENTS_MESSAGES.endedAlready)).toBeInTheDocument();
  });

  test('when nobody is signed in, then a login prompt instead of the form', () => {
    renderRemoteScreen(<EventForm />, { user: null, path: '/profile/createvent' });
    expect(screen.getByText('Please log in to advertise your event.')).toBeInTheDocument();
  });
});

describe('Edit Event (the same form, editing the author’s event)', () => {
  const event = campusEvent(3, {
    title: 'Hack Nite',
    description: 'Bring a laptop.',
    instagramLink: 'https://instagram.com/hack',
    postedBy: student._id,
    startsAt: '2026-03-14T12:30:00.000Z',
    endsAt: '2026-03-14T15:00:00.000Z',
    venue: 'Room 101',
  });
  const saved = (change: Partial<typeof event>) =>
    contractReply(
      UpdateEventResponse,
      { success: true, message: EVENTS_MESSAGES.updated, data: { ...event, ...change } },
      { url: `/api/event/events/${event._id}`, method: 'PATCH' },
    );

  test('when a new poster is chosen, then it uploads first and the edit names it; the answer goes to onSaved', async () => {
    const onSaved = jest.fn();
    const { requests } = renderRemoteScreen(<EventForm editing={event} onSaved={onSaved} />, {
      user: student,
      path: '/events',
      replies: [saved({ posterLink: POSTER_URL })],
    });
    expect(screen.getByLabelText(/^Event title/)).toHaveValue('Hack Nite');
    // Its times as campus wall times (IST), its venue.
    expect(screen.getByLabelText(/^Starts/)).toHaveValue('2026-03-14T18:00');
    expect(screen.getByLabelText(/^Ends/)).toHaveValue('2026-03-14T20:30');
    expect(screen.getByLabelText(/^Venue/)).toHaveValue('Room 101');
    expect(screen.getByLabelText(/^Instagram link/)).toHaveValue('https://instagram.com/hack');
    expect(screen.queryByText(EVENTS_MESSAGES.lifetimeNote)).not.toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText(/^New poster/), image());
    expect(screen.getByRole('img', { name: 'Preview of the chosen poster' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await userEvent.clear(screen.getByLabelText(/^Instagram link/));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ posterLink: POSTER_URL })),
    );
    expect(FakeUpload.opened).toEqual(['POST /api/event/upload']);
    expect(requests.map((r) => [r.method, r.url, r.body])).toEqual([
      [
        'PATCH',
        `/api/event/events/${event._id}`,
        {
          title: 'Hack Nite',
          description: 'Bring a laptop.',
          registerLink: event.registerLink,
          instagramLink: '',
          venue: 'Room 101',
          posterLink: POSTER_URL,
        },
      ],
    ]);
  });

  test('when no new poster is chosen, then nothing uploads and the poster is kept', async () => {
    const { requests } = renderRemoteScreen(<EventForm editing={event} />, {
      user: student,
      path: '/events',
      replies: [saved({ title: 'Hack Night' })],
    });
    await userEvent.clear(screen.getByLabelText(/^Event title/));
    await userEvent.type(screen.getByLabelText(/^Event title/), 'Hack Night');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(FakeUpload.sent).toHaveLength(0);
    expect(requests[0]?.body).not.toHaveProperty('posterLink');
    // Dates not moved are not sent (an ended event's end would be refused as past).
    expect(requests[0]?.body).not.toHaveProperty('endsAt');
  });

  test('when the end is moved, then only the end is sent, with the campus offset', async () => {
    const { requests } = renderRemoteScreen(<EventForm editing={event} />, {
      user: student,
      path: '/events',
      replies: [saved({ endsAt: '2026-03-14T16:30:00.000Z' })],
    });
    setDateTime(/^Ends/, '2026-03-14T22:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toMatchObject({ endsAt: '2026-03-14T22:00:00+05:30' });
    expect(requests[0]?.body).not.toHaveProperty('startsAt');
  });

  test('when the new poster is refused, then the message is under the poster, nothing is saved, and the text stays', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    FakeUpload.answer = {
      status: 415,
      body: { success: false, code: 'UNSUPPORTED_IMAGE_TYPE', message: 'Only images can be uploaded.' },
    };
    const { requests } = renderRemoteScreen(<EventForm editing={event} />, {
      user: student,
      path: '/events',
    });
    await userEvent.type(screen.getByLabelText(/^Description/), ' And a charger.');
    await userEvent.upload(screen.getByLabelText(/^New poster/), image());
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Only images can be uploaded.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    expect(screen.getByLabelText(/^Description/)).toHaveValue('Bring a laptop. And a charger.');
  });
});
