import '@testing-library/jest-dom';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BookResponse, CreateBookRequest, bookFieldSchemas } from '@campus/contracts/library';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { maxLengthOf } from '@campus/web-kit/max-length-of';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import BookForm from '../src/upload/book-form';
import { BOOK_FORM_LIMITS } from '../src/upload/book-form-schema';
import { book, student } from './library-fixtures';

const fill = async (label: RegExp, value: string) => userEvent.type(screen.getByLabelText(label), value);

async function fillValidBook() {
  await fill(/^Title/, 'Notes');
  await fill(/^Branch/, 'CSE');
  await userEvent.selectOptions(screen.getByLabelText(/^Subject/), 'Compiler Design');
  await fill(/^Google Drive link/, 'https://docs.google.com/document/d/x/edit');
}

describe('Create a New Book/Notes', () => {
  // Drafts are written when a form goes away, which includes the cleanup after a test.
  beforeEach(() => window.localStorage.clear());

  test('when submitted empty, then each required field says so and nothing is sent', async () => {
    const { requests } = renderRemoteScreen(<BookForm />, { user: student });
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    for (const message of [
      'Title is required',
      'Branch is required',
      'Subject is required',
      'Google Drive link is required',
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  test('when submitted empty, then each control is named by its label, aria-invalid and described by the error shown under it', async () => {
    renderRemoteScreen(<BookForm />, { user: student });
    const subject = screen.getByRole('combobox', { name: /^Subject/ });
    expect(screen.getByLabelText(/^Subject/)).toBe(subject);
    expect(subject).not.toHaveAttribute('aria-invalid');

    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Subject is required')).toBeVisible();
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    expect(subject).toHaveAccessibleDescription('Subject is required');
    const errorId = subject.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)).toHaveTextContent('Subject is required');
    for (const [label, message] of [
      [/^Title/, 'Title is required'],
      [/^Branch/, 'Branch is required'],
      [/^Google Drive link/, 'Google Drive link is required'],
    ] as const) {
      const control = screen.getByLabelText(label);
      expect(control).toHaveAttribute('aria-invalid', 'true');
      expect(control).toHaveAccessibleDescription(expect.stringContaining(message));
    }
  });

  test('when the link is not a Google Drive or Docs link, then "Invalid Google Drive link" and nothing is sent', async () => {
    const { requests } = renderRemoteScreen(<BookForm />, { user: student });
    await fill(/^Google Drive link/, 'https://example.com/file');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Invalid Google Drive link')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  test('when valid, then the spec payload is sent (semester a number, tags split and trimmed, no uploader), the success toast shows, onCreated runs and the form resets', async () => {
    const onCreated = jest.fn();
    const { requests } = renderRemoteScreen(<BookForm onCreated={onCreated} />, {
      user: student,
      replies: [
        contractReply(
          BookResponse,
          {
            success: true,
            message: 'Book created successfully',
            data: book('b9', 'Graph Notes', { status: 'pending', uploadedBy: 'u-student' }),
          },
          { status: 201, url: '/api/book', method: 'POST' },
        ),
      ],
    });
    await fill(/^Title/, '  Graph Notes ');
    await fill(/^Semester/, '4');
    await fill(/^Branch/, 'CSE');
    await userEvent.selectOptions(screen.getByLabelText(/^Subject/), 'Data Structure and Alogrithm');
    await fill(/^Tags/, ' graphs, ,bfs ,');
    await fill(/^Google Drive link/, 'https://drive.google.com/file/d/abc/view');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Book created successfully')).toBeInTheDocument();
    expect(requests[0]).toEqual({
      method: 'POST',
      url: '/api/book',
      credentials: 'include',
      // One key per intent: a retry or a double tap of this upload creates one book.
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Idempotency-Key': expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
      // The uploader is the session's: the body does not name them.
      body: {
        title: 'Graph Notes',
        semester: 4,
        branch: 'CSE',
        subject: 'Data Structure and Alogrithm',
        tags: ['graphs', 'bfs'],
        driveLink: 'https://drive.google.com/file/d/abc/view',
      },
    });
    expect(onCreated).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveValue(''));
  });

  test('when the server refuses, then "Error creating book: <its message>" and everything typed stays (the spec\'s reset is for a success only)', async () => {
    renderRemoteScreen(<BookForm />, {
      user: student,
      replies: [errorReply(503, { code: 'SERVICE_UNAVAILABLE', message: 'The library is unavailable' })],
    });
    await fillValidBook();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Error creating book: The library is unavailable')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Notes');
    expect(screen.getByLabelText(/^Branch/)).toHaveValue('CSE');
    expect(screen.getByLabelText(/^Subject/)).toHaveValue('Compiler Design');
    expect(screen.getByLabelText(/^Google Drive link/)).toHaveValue(
      'https://docs.google.com/document/d/x/edit',
    );
  });

  test('when the server refuses a field, then its message shows under that field and the value stays to fix', async () => {
    renderRemoteScreen(<BookForm />, {
      user: student,
      replies: [
        errorReply(400, {
          code: 'VALIDATION_FAILED',
          message: 'Invalid Google Drive link',
          issues: [{ path: 'driveLink', message: 'Invalid Google Drive link' }],
        }),
      ],
    });
    await fillValidBook();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Error creating book: Invalid Google Drive link')).toBeInTheDocument();
    const link = screen.getByLabelText(/^Google Drive link/);
    expect(link).toHaveValue('https://docs.google.com/document/d/x/edit');
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(link).toHaveFocus();
    expect(screen.getByText('Invalid Google Drive link')).toBeInTheDocument();
  });

  test("when a 240-character title is typed, then it stops at the server's 200 and the counter says so", async () => {
    renderRemoteScreen(<BookForm />, { user: student });
    const title = screen.getByLabelText(/^Title/);
    expect(title).toHaveAttribute('maxLength', String(maxLengthOf(CreateBookRequest.shape.title)));
    expect(title).toHaveAccessibleDescription('0 of 200 characters');
    await userEvent.type(title, 'x'.repeat(240));
    expect(title).toHaveValue('x'.repeat(200));
    expect(title).toHaveAccessibleDescription('200 of 200 characters');
    // The form's limits are the contract's (tags: a list or text up to 2000 characters on the server).
    for (const name of ['title', 'branch', 'driveLink'] as const)
      expect(maxLengthOf(bookFieldSchemas[name])).toBe(BOOK_FORM_LIMITS[name]);
  });

  test('when the user leaves with text typed and comes back, then the draft is restored; Discard empties it; a success forgets it', async () => {
    renderRemoteScreen(<BookForm />, { user: student });
    await fill(/^Title/, 'Compiler notes, unit 3');
    await fill(/^Branch/, 'CSE');
    cleanup();

    renderRemoteScreen(<BookForm />, { user: student });
    expect(await screen.findByText(/Draft restored/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Compiler notes, unit 3');
    expect(screen.getByLabelText(/^Branch/)).toHaveValue('CSE');
    await userEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(screen.getByLabelText(/^Title/)).toHaveValue('');
    expect(screen.queryByText(/Draft restored/)).not.toBeInTheDocument();
    cleanup();

    renderRemoteScreen(<BookForm />, { user: student });
    expect(screen.getByLabelText(/^Title/)).toHaveValue('');
    expect(screen.queryByText(/Draft restored/)).not.toBeInTheDocument();
  });

  test("when another user signs in on the device, then they do not get the first user's draft", async () => {
    renderRemoteScreen(<BookForm />, { user: student });
    await fill(/^Title/, 'Private notes');
    cleanup();
    renderRemoteScreen(<BookForm />, { user: { ...student, _id: 'u-other', email: 'other@campus.test' } });
    expect(screen.getByLabelText(/^Title/)).toHaveValue('');
  });

  test('when nobody is signed in, then the form asks to log in', () => {
    renderRemoteScreen(<BookForm />, { user: null });
    expect(screen.getByText('Please log in to upload books or notes.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
  });
});

const FILE_URL = `/api/book/file/${'a'.repeat(64)}.pdf`;
const PREVIEW_URL = `/api/book/file/${'b'.repeat(64)}.webp`;

/** The PDF goes by XMLHttpRequest (for its progress): this one reports 50% then answers. */
class FakeUpload {
  static opened: string[] = [];
  static sent: FormData[] = [];
  static answer: { status: number; body: unknown } = { status: 201, body: {} };
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
    const answer = FakeUpload.answer;
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    }, 0);
  }
}

describe('Create a New Book/Notes with a PDF (issue 27)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    FakeUpload.opened = [];
    FakeUpload.sent = [];
    FakeUpload.answer = {
      status: 201,
      body: {
        success: true,
        fileUrl: FILE_URL,
        previewUrl: PREVIEW_URL,
        previewWidth: 480,
        previewHeight: 679,
        pages: 12,
        size: 2048,
        fileName: 'graphs.pdf',
      },
    };
    (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeUpload;
  });

  const pdf = (bytes = 2048, name = 'graphs.pdf') =>
    new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

  test('when a PDF over 20 MB is chosen, then it says so before anything is sent, and the link is still required', async () => {
    const { requests } = renderRemoteScreen(<BookForm />, { user: student });
    const big = pdf(1);
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    await userEvent.upload(screen.getByLabelText('Notes as a PDF'), big);
    expect(await screen.findByText('The file is too large: at most 20 MB.')).toBeInTheDocument();
    expect(screen.getByLabelText('Notes as a PDF')).toHaveAttribute('aria-invalid', 'true');
    await fill(/^Title/, 'Notes');
    await fill(/^Branch/, 'CSE');
    await userEvent.selectOptions(screen.getByLabelText(/^Subject/), 'Compiler Design');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Google Drive link is required')).toBeInTheDocument();
    expect(FakeUpload.opened).toEqual([]);
    expect(requests).toHaveLength(0);
  });

  test('when a PDF is chosen and no Drive link, then the PDF uploads (field "file") and the book is created with its fileUrl', async () => {
    const { requests } = renderRemoteScreen(<BookForm />, {
      user: student,
      replies: [
        contractReply(
          BookResponse,
          {
            success: true,
            message: 'Book created successfully',
            data: book('b9', 'Notes', { status: 'pending', uploadedBy: 'u-student', fileUrl: FILE_URL }),
          },
          { status: 201, url: '/api/book', method: 'POST' },
        ),
      ],
    });
    await fill(/^Title/, 'Notes');
    await fill(/^Branch/, 'CSE');
    await userEvent.selectOptions(screen.getByLabelText(/^Subject/), 'Compiler Design');
    await userEvent.upload(screen.getByLabelText('Notes as a PDF'), pdf());
    expect(screen.getByText('graphs.pdf (0.0 MB)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Book created successfully')).toBeInTheDocument();
    expect(FakeUpload.opened).toEqual(['POST /api/book/upload']);
    expect(FakeUpload.sent[0]?.get('file')).toBeInstanceOf(File);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/book',
      body: { title: 'Notes', branch: 'CSE', subject: 'Compiler Design', tags: [], fileUrl: FILE_URL },
    });
    expect(requests[0]?.body).not.toHaveProperty('driveLink');
  });

  test('when the server refuses the PDF, then its sentence shows under the field and no book is created', async () => {
    FakeUpload.answer = {
      status: 422,
      body: {
        code: 'PDF_UNREADABLE',
        message: 'This PDF could not be opened. Save it again as a PDF and upload that file.',
      },
    };
    const { requests } = renderRemoteScreen(<BookForm />, { user: student });
    await fill(/^Title/, 'Notes');
    await fill(/^Branch/, 'CSE');
    await userEvent.selectOptions(screen.getByLabelText(/^Subject/), 'Compiler Design');
    await userEvent.upload(screen.getByLabelText('Notes as a PDF'), pdf());
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Notes as a PDF')).toHaveAccessibleDescription(
        /This PDF could not be opened/,
      ),
    );
    expect(requests).toHaveLength(0);
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Notes');
  });
});
