import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { ApiError } from '../src/api-error';
import { applyServerErrors, type ServerErrorOptions } from '../src/form-server-errors';

interface Values {
  title: string;
  subjects: string[];
}

/** A two-field form whose submit fails with `error`; it shows every error react-hook-form holds. */
function FailingForm({ error, options }: { error: unknown; options?: Partial<ServerErrorOptions<Values>> }) {
  const form = useForm<Values>({ defaultValues: { title: '', subjects: [] } });
  const { errors } = form.formState;
  const submit = form.handleSubmit(() => {
    applyServerErrors(form, error, { fallbackMessage: 'Submission failed.', ...options });
  });
  return (
    <form onSubmit={(event) => void submit(event)}>
      <label>
        Title <input {...form.register('title')} aria-invalid={errors.title ? true : undefined} />
      </label>
      {errors.title && <p>title: {errors.title.message}</p>}
      {errors.subjects && <p>subjects: {errors.subjects.message}</p>}
      {errors.root?.server && <p role="alert">{errors.root.server.message}</p>}
      <button type="submit">Save</button>
    </form>
  );
}

const validationFailed = (issues: Array<{ path: string; message: string }>) =>
  new ApiError(400, 'VALIDATION_FAILED', issues[0]?.message ?? 'Invalid input.', issues);

async function submitWith(error: unknown, options?: Partial<ServerErrorOptions<Values>>) {
  render(<FailingForm error={error} options={options} />);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('applyServerErrors', () => {
  it('when the server names fields, then each message shows under its field, the first is focused, and no form-level error shows', async () => {
    await submitWith(
      validationFailed([
        { path: 'title', message: 'Title is required' },
        { path: 'subjects.0', message: 'Unknown subject' },
      ]),
    );
    expect(await screen.findByText('title: Title is required')).toBeInTheDocument();
    expect(screen.getByText('subjects: Unknown subject')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when an issue names no field of the form, then its message is the form-level error', async () => {
    await submitWith(
      validationFailed([
        { path: 'title', message: 'Title is required' },
        { path: '', message: 'Unrecognized key: "extra"' },
      ]),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Unrecognized key: "extra"');
    expect(screen.getByText('title: Title is required')).toBeInTheDocument();
  });

  it("when the error has no issues (409, 403...), then the server's message is the form-level error", async () => {
    await submitWith(new ApiError(409, 'EMAIL_TAKEN', 'This email is already registered.'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This email is already registered.');
  });

  it("when a 5xx names its error, then the server's message is the form-level error", async () => {
    await submitWith(
      new ApiError(503, 'SERVICE_UNAVAILABLE', 'This part of Campus Connect is not available yet.'),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This part of Campus Connect is not available yet.',
    );
  });

  it('when the code belongs to a field, then its message shows under that field instead', async () => {
    await submitWith(new ApiError(400, 'TITLE_TAKEN', 'That title exists.'), {
      fieldsByCode: { TITLE_TAKEN: 'title' },
    });
    expect(await screen.findByText('title: That title exists.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['the request got no answer', new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch')],
    ['a 5xx names no error (a proxy page, an empty body)', new ApiError(502, 'HTTP_502', 'Bad Gateway')],
    ['the failure is not an API error', new TypeError('x is undefined')],
  ])('when %s, then the fallback message is the form-level error', async (_case, error) => {
    await submitWith(error);
    expect(await screen.findByRole('alert')).toHaveTextContent('Submission failed.');
  });

  it('when only some fields may be named, then an issue for another one goes to the form level', async () => {
    await submitWith(validationFailed([{ path: 'subjects', message: 'Choose at least one subject' }]), {
      fields: ['title'],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at least one subject');
    expect(screen.queryByText(/^subjects:/)).not.toBeInTheDocument();
  });

  it('when the form is submitted again, then the previous form-level error is gone', async () => {
    let error: unknown = new ApiError(409, 'CONFLICT', 'Already reviewed.');
    function Form() {
      const form = useForm<Values>({ defaultValues: { title: '', subjects: [] } });
      const submit = form.handleSubmit(() => {
        if (error) applyServerErrors(form, error, { fallbackMessage: 'Submission failed.' });
      });
      const formError = form.formState.errors.root?.server?.message;
      return (
        <form onSubmit={(event) => void submit(event)}>
          {formError && <p role="alert">{formError}</p>}
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<Form />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Already reviewed.');

    error = undefined;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
