import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FlatResponse, type FlatPhotoVariant, type FlatRequest } from '@campus/contracts/housing';
import { FLAT_MESSAGES } from '@campus/contracts/housing-rules';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import FlatForm from '../src/create/flat-form';
import EditFlatDialog from '../src/edit/edit-flat-dialog';
import { FlatCard } from '../src/flats/flat-card';
import { flat, student } from './housing-fixtures';

const PATH = '/profile/createflatrequest';
const key = (n: number) => `${String(n).repeat(64).slice(0, 64)}.webp`;
const photoUrl = (n: number) => `/api/flat/photo/${key(n)}`;
const variantsOf = (n: number): FlatPhotoVariant[] => [
  { url: `/api/flat/photo/${key(n + 10)}`, width: 320, height: 240 },
  { url: `/api/flat/photo/${key(n + 20)}`, width: 640, height: 480 },
  { url: photoUrl(n), width: 1280, height: 960 },
];

/** The upload goes by XMLHttpRequest (for its progress): each answers the next of `answers` after 50%. */
class FakeUpload {
  static sent: Array<{ url: string; file: File }> = [];
  static answers: Array<{ status: number; body: unknown }> = [];
  static hold: Promise<void> | null = null;
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  private url = '';
  open(method: string, url: string) {
    this.url = `${method} ${url}`;
  }
  setRequestHeader() {}
  send(body: FormData) {
    FakeUpload.sent.push({ url: this.url, file: body.get('photo') as File });
    const answer = FakeUpload.answers.shift() ?? { status: 500, body: {} };
    setTimeout(async () => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      await FakeUpload.hold;
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    }, 0);
  }
}
const accepted = (n: number) => ({ status: 201, body: { url: photoUrl(n), variants: variantsOf(n) } });

beforeEach(() => {
  FakeUpload.sent = [];
  FakeUpload.answers = [];
  FakeUpload.hold = null;
  (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeUpload;
  let previews = 0;
  URL.createObjectURL = jest.fn(() => `blob:preview-${++previews}`);
  URL.revokeObjectURL = jest.fn();
});

const image = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
const pick = (...files: File[]) => userEvent.upload(screen.getByLabelText(/^Add (more )?photos/), files);
const photoList = () => within(screen.getByRole('list', { name: 'Photos' }));
const photosGroup = () => within(screen.getByRole('group', { name: 'Photos (optional)' }));

async function fillValidFlat() {
  await userEvent.type(screen.getByLabelText(/^Room heading/), 'Sunny room');
  await userEvent.type(screen.getByLabelText(/^Description/), 'One room in a 2BHK');
  await userEvent.type(screen.getByLabelText(/^Location/), 'Kothrud');
  await userEvent.type(screen.getByLabelText(/^Rent/), '8500');
  await userEvent.type(screen.getByLabelText(/^Move-in date/), '2026-07-01');
  await userEvent.type(screen.getByLabelText(/^Contact info/), '+91 98765 43210');
}

const created = (photos: number[]) =>
  contractReply(
    FlatResponse,
    {
      success: true,
      message: FLAT_MESSAGES.created,
      data: flat('f1', 'Sunny room', { photos: photos.map(photoUrl), photoVariants: photos.map(variantsOf) }),
    },
    { status: 201, method: 'POST' },
  );

describe('the photo picker of Find a Roommate', () => {
  test('when two photos are picked, then they upload one after the other with their progress, show as "Photo n of 2", and the request is posted with them in that order', async () => {
    FakeUpload.answers = [accepted(1), accepted(2)];
    let release = () => undefined as void;
    FakeUpload.hold = new Promise<void>((resolve) => (release = resolve));
    const state = renderRemoteScreen(<FlatForm />, { user: student, path: PATH, replies: [created([1, 2])] });
    await fillValidFlat();
    await pick(image('bedroom.jpg'), image('kitchen.jpg'));

    // While one uploads, its progress shows and the form waits for it; the next waits its turn.
    expect(await screen.findByRole('progressbar', { name: 'Uploading bedroom.jpg' })).toHaveAttribute(
      'value',
      '50',
    );
    expect(screen.getByRole('button', { name: /Uploading photos/ })).toBeDisabled();
    expect(FakeUpload.sent.map((s) => [s.url, s.file.name])).toEqual([
      ['POST /api/flat/photos', 'bedroom.jpg'],
    ]);

    release();
    expect(await photoList().findByRole('img', { name: 'Photo 2 of 2 of Sunny room' })).toHaveAttribute(
      'src',
      variantsOf(2)[0]!.url,
    );
    expect(photoList().getByRole('img', { name: 'Photo 1 of 2 of Sunny room' })).toBeInTheDocument();
    expect(FakeUpload.sent.map((s) => s.file.name)).toEqual(['bedroom.jpg', 'kitchen.jpg']);

    await userEvent.click(await screen.findByRole('button', { name: 'Post request' }));
    await waitFor(() => expect(state.location.pathname).toBe('/roomfinder/myroomrequest'));
    const sent = state.requests.find((r) => r.method === 'POST');
    expect(sent?.body).toMatchObject({ name: 'Sunny room', photos: [photoUrl(1), photoUrl(2)] });
  });

  test('when no photo is picked, then the spec’s create call is sent without photos', async () => {
    const state = renderRemoteScreen(<FlatForm />, { user: student, path: PATH, replies: [created([])] });
    await fillValidFlat();
    await userEvent.click(await screen.findByRole('button', { name: 'Post request' }));
    await waitFor(() => expect(state.location.pathname).toBe('/roomfinder/myroomrequest'));
    expect(state.requests.find((r) => r.method === 'POST')?.body).not.toHaveProperty('photos');
  });

  test('when a photo is refused, then it stays with the service’s reason to retry or remove, and nothing typed is lost', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    FakeUpload.answers = [
      {
        status: 415,
        body: {
          success: false,
          code: 'UNSUPPORTED_IMAGE_TYPE',
          message: 'Only images can be uploaded: JPEG, PNG, WebP, GIF.',
        },
      },
      accepted(1),
    ];
    const state = renderRemoteScreen(<FlatForm />, { user: student, path: PATH, replies: [created([1])] });
    await fillValidFlat();
    await pick(image('notes.jpg'));
    expect(await photosGroup().findByRole('alert')).toHaveTextContent(
      'notes.jpg: Only images can be uploaded: JPEG, PNG, WebP, GIF.',
    );
    expect(screen.getByLabelText(/^Room heading/)).toHaveValue('Sunny room');
    expect(screen.getByLabelText(/^Description/)).toHaveValue('One room in a 2BHK');
    // A refused photo does not hold the form back.
    expect(await screen.findByRole('button', { name: 'Post request' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Retry notes.jpg' }));
    expect(await photoList().findByRole('img', { name: 'Photo 1 of 1 of Sunny room' })).toBeInTheDocument();
    expect(photosGroup().queryByRole('alert')).not.toBeInTheDocument();

    FakeUpload.answers = [
      {
        status: 413,
        body: { success: false, code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large: at most 8 MB.' },
      },
    ];
    await pick(image('huge.jpg'));
    expect(await photosGroup().findByRole('alert')).toHaveTextContent(
      'huge.jpg: The file is too large: at most 8 MB.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove huge.jpg' }));
    expect(photosGroup().queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'Post request' }));
    await waitFor(() => expect(state.location.pathname).toBe('/roomfinder/myroomrequest'));
    expect(state.requests.find((r) => r.method === 'POST')?.body).toMatchObject({ photos: [photoUrl(1)] });
    consoleError.mockRestore();
  });

  test('when more than six are picked, then six are taken and the rest are named as not added; at six no more can be added', async () => {
    FakeUpload.answers = [1, 2, 3, 4, 5, 6].map(accepted);
    renderRemoteScreen(<FlatForm />, { user: student, path: PATH });
    await pick(...[1, 2, 3, 4, 5, 6, 7].map((n) => image(`room-${n}.jpg`)));
    expect(
      screen.getByText('A request can have 6 photos: 1 of those you chose was not added.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(photoList().getAllByRole('img', { name: /^Photo \d of 6 of/ })).toHaveLength(6),
    );
    expect(FakeUpload.sent).toHaveLength(6);
    expect(screen.queryByLabelText(/^Add (more )?photos/)).not.toBeInTheDocument();
  });

  test('when photos are moved and removed, then the request is sent with them in the order shown', async () => {
    FakeUpload.answers = [1, 2, 3].map(accepted);
    const state = renderRemoteScreen(<FlatForm />, { user: student, path: PATH, replies: [created([3, 1])] });
    await fillValidFlat();
    await pick(image('a.jpg'), image('b.jpg'), image('c.jpg'));
    await waitFor(() => expect(photoList().getAllByRole('img', { name: /^Photo \d of 3/ })).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move photo 3 later' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    // The moved photo keeps the focus: at the front, on its other move button.
    expect(screen.getByRole('button', { name: 'Move photo 1 later' })).toHaveFocus();
    expect(photoList().getAllByRole('img')[0]).toHaveAttribute('src', variantsOf(3)[0]!.url);
    await userEvent.click(await screen.findByRole('button', { name: 'Post request' }));
    await waitFor(() => expect(state.location.pathname).toBe('/roomfinder/myroomrequest'));
    expect(state.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      photos: [photoUrl(3), photoUrl(1)],
    });
  });

  test('when the service refuses the photos of the request, then its reason shows at the photos and the form keeps everything', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    FakeUpload.answers = [accepted(1)];
    renderRemoteScreen(<FlatForm />, {
      user: student,
      path: PATH,
      replies: [
        errorReply(
          400,
          {
            code: 'PHOTO_UNKNOWN',
            message: FLAT_MESSAGES.photoUnknown,
            issues: [{ path: 'photos', message: FLAT_MESSAGES.photoUnknown }],
          },
          { method: 'POST' },
        ),
      ],
    });
    await fillValidFlat();
    await pick(image('a.jpg'));
    await photoList().findByRole('img', { name: 'Photo 1 of 1 of Sunny room' });
    await userEvent.click(await screen.findByRole('button', { name: 'Post request' }));
    const photos = screen.getByRole('group', { name: 'Photos (optional)' });
    expect(await within(photos).findByRole('alert')).toHaveTextContent(FLAT_MESSAGES.photoUnknown);
    expect(screen.getByLabelText(/^Room heading/)).toHaveValue('Sunny room');
    expect(photoList().getAllByRole('img')).toHaveLength(1);
    consoleError.mockRestore();
  });
});

describe('the photos in Edit', () => {
  const withPhotos = flat('f1', 'Sunny room', {
    photos: [photoUrl(1), photoUrl(2)],
    photoVariants: [variantsOf(1), variantsOf(2)],
  });

  test('when the owner opens Edit, then the request’s photos show small; removing one saves the rest', async () => {
    const state = renderRemoteScreen(<EditFlatDialog flat={withPhotos} onClose={() => undefined} />, {
      user: student,
      path: '/roomfinder/myroomrequest',
      replies: [
        contractReply(
          FlatResponse,
          {
            success: true,
            message: FLAT_MESSAGES.updated,
            data: { ...withPhotos, photos: [photoUrl(2)], photoVariants: [variantsOf(2)] },
          },
          { method: 'PATCH' },
        ),
      ],
    });
    expect(photoList().getByRole('img', { name: 'Photo 1 of 2 of Sunny room' })).toHaveAttribute(
      'src',
      variantsOf(1)[0]!.url,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(state.requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(state.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ photos: [photoUrl(2)] });
  });
});

describe('the photos on a card', () => {
  const withPhotos = flat('f1', 'Sunny room', {
    userId: 'someone-else',
    photos: [photoUrl(1), photoUrl(2), photoUrl(3)],
    photoVariants: [variantsOf(1), variantsOf(2), variantsOf(3)],
  });
  const renderCard = (item: FlatRequest) =>
    renderRemoteScreen(
      <ul>
        <FlatCard flat={item} own={false} />
      </ul>,
      { user: null, path: '/roomfinder' },
    );

  test('when a request has photos, then its card shows the first, lazily, sized for a phone, named "Photo 1 of 3"', () => {
    renderCard(withPhotos);
    const first = screen.getByRole('img', { name: 'Photo 1 of 3 of Sunny room' });
    expect(first).toHaveAttribute('loading', 'lazy');
    expect(first).toHaveAttribute('src', variantsOf(1)[0]!.url);
    expect(first.getAttribute('srcset')).toBe(
      `${variantsOf(1)[0]!.url} 320w, ${variantsOf(1)[1]!.url} 640w, ${photoUrl(1)} 1280w`,
    );
    expect(first).toHaveAttribute('sizes', expect.stringContaining('100vw'));
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });

  test('when the first photo is pressed, then a gallery shows every photo in turn: Next, Previous, the arrow keys and the thumbnails', async () => {
    renderCard(withPhotos);
    await userEvent.click(screen.getByRole('button', { name: 'Photo 1 of 3 of Sunny room' }));
    const gallery = await screen.findByRole('dialog', { name: 'Photos of Sunny room' });
    const shown = () => within(gallery).getAllByRole('img')[0]!;
    expect(shown()).toHaveAccessibleName('Photo 1 of 3 of Sunny room');
    expect(shown()).toHaveAttribute('src', photoUrl(1));

    await userEvent.click(within(gallery).getByRole('button', { name: 'Next photo' }));
    expect(shown()).toHaveAccessibleName('Photo 2 of 3 of Sunny room');
    expect(within(gallery).getByText('2 of 3')).toBeInTheDocument();
    await userEvent.click(within(gallery).getByRole('button', { name: 'Previous photo' }));
    await userEvent.click(within(gallery).getByRole('button', { name: 'Previous photo' }));
    expect(shown()).toHaveAccessibleName('Photo 3 of 3 of Sunny room');
    fireEvent.keyDown(shown(), { key: 'ArrowRight' });
    expect(shown()).toHaveAccessibleName('Photo 1 of 3 of Sunny room');

    const thumbs = within(within(gallery).getByRole('list', { name: 'All photos' }));
    await userEvent.click(thumbs.getByRole('button', { name: 'Photo 2 of 3 of Sunny room' }));
    expect(shown()).toHaveAttribute('src', photoUrl(2));
    expect(thumbs.getByRole('button', { name: 'Photo 2 of 3 of Sunny room' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  test('when a request has no photos, then its card shows none', () => {
    renderCard(flat('f2', 'Plain room', { userId: 'someone-else' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
