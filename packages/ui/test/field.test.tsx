import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { Button } from '../src/button';
import { Checkbox } from '../src/checkbox';
import { Field } from '../src/field';
import { Input } from '../src/input';
import { Select } from '../src/select';
import { TextArea } from '../src/text-area';

describe('Field', () => {
  it('when it has an error, then the text shows, the control is aria-invalid and described by it', () => {
    render(
      <Field label="Title" hint="As printed on the cover" error="Title is required">
        <Input name="title" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Title' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('As printed on the cover Title is required');
    expect(screen.getByText('Title is required')).toBeVisible();
  });

  it('when it has no error, then the control is not marked invalid', () => {
    render(
      <Field label="Title">
        <Input name="title" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Title' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('when it wraps a Select with an error, then the label names the select and its error text describes it', () => {
    render(
      <Field label="Subject" required error="Subject is required">
        <Select
          options={[{ value: 'Compiler Design', label: 'Compiler Design' }]}
          placeholder="Select a subject"
        />
      </Field>,
    );
    const select = screen.getByLabelText(/^Subject/);
    expect(select).toBe(screen.getByRole('combobox', { name: 'Subject' }));
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select.getAttribute('aria-describedby')).toBe(
      screen.getByText('Subject is required').closest('p')?.id,
    );
    expect(screen.getByText('Subject is required')).toBeVisible();
  });

  it('when no id is given, then each Field generates its own and labels point at existing controls', () => {
    render(
      <>
        <Field label="Branch">
          <Input />
        </Field>
        <Field label="Subject">
          <Select options={[]} />
        </Field>
      </>,
    );
    const branch = screen.getByLabelText('Branch');
    const subject = screen.getByLabelText('Subject');
    expect(branch.id).not.toBe('');
    expect(subject.id).not.toBe('');
    expect(branch.id).not.toBe(subject.id);
  });

  it('when its control does not share its context (a native control, or a copy of the ui from another bundle), then the Field still labels it and wires its error', () => {
    render(
      <Field label="Subject" hint="Pick one" error="Subject is required" id="subject">
        <select aria-describedby="extra">
          <option value="">Select a subject</option>
        </select>
      </Field>,
    );
    const select = screen.getByRole('combobox', { name: 'Subject' });
    expect(select).toHaveAttribute('id', 'subject');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAttribute('aria-describedby', 'subject-hint subject-error extra');
  });

  it('when a ui control reads both the props and the context, then each described-by id appears once', () => {
    render(
      <Field label="Notes" hint="Optional" error="Too long">
        <TextArea />
      </Field>,
    );
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    expect(notes.getAttribute('aria-describedby')?.split(' ')).toHaveLength(2);
    expect(notes).toHaveAccessibleDescription('Optional Too long');
  });

  it('when required, then the control is aria-required and labelled without the asterisk', () => {
    render(
      <Field label="Branch" required>
        <Select options={[{ value: 'CSE', label: 'CSE' }]} placeholder="Select a branch" />
      </Field>,
    );
    expect(screen.getByRole('combobox', { name: 'Branch' })).toHaveAttribute('aria-required', 'true');
  });

  it('when used with react-hook-form, then registered controls submit their values and show its errors', async () => {
    const onValid = jest.fn();
    function BookForm() {
      const { register, handleSubmit, formState } = useForm<{
        title: string;
        notes: string;
        subject: string;
      }>();
      return (
        <form onSubmit={handleSubmit(onValid)}>
          <Field label="Title" error={formState.errors.title?.message}>
            <Input {...register('title', { required: 'Title is required' })} />
          </Field>
          <Field label="Notes">
            <TextArea {...register('notes')} />
          </Field>
          <Field label="Subject">
            <Select
              {...register('subject')}
              options={[{ value: 'Operating System', label: 'Operating System' }]}
            />
          </Field>
          <Button type="submit">Upload</Button>
        </form>
      );
    }
    render(<BookForm />);

    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
    expect(onValid).not.toHaveBeenCalled();

    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Operating Systems notes');
    await userEvent.type(screen.getByRole('textbox', { name: 'Notes' }), 'Unit 1 to 5');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid.mock.calls[0][0]).toEqual({
      title: 'Operating Systems notes',
      notes: 'Unit 1 to 5',
      subject: 'Operating System',
    });
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
  });
});

describe('Checkbox', () => {
  it('when its label is clicked, then it toggles on and off', async () => {
    render(<Checkbox label="Register as Teacher" />);
    const checkbox = screen.getByRole('checkbox', { name: 'Register as Teacher' });
    expect(checkbox).not.toBeChecked();
    await userEvent.click(screen.getByText('Register as Teacher'));
    expect(checkbox).toBeChecked();
    await userEvent.click(checkbox);
    expect(checkbox).not.toBeChecked();
  });

  it('when registered with react-hook-form, then its value follows the box', async () => {
    const onValid = jest.fn();
    function RegisterForm() {
      const { register, handleSubmit, watch } = useForm<{ isTeacher: boolean }>({
        defaultValues: { isTeacher: false },
      });
      return (
        <form onSubmit={handleSubmit(onValid)}>
          <Checkbox label="Register as Teacher" {...register('isTeacher')} />
          {watch('isTeacher') && <p>Teacher unique ID</p>}
          <Button type="submit">Register</Button>
        </form>
      );
    }
    render(<RegisterForm />);
    expect(screen.queryByText('Teacher unique ID')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Register as Teacher' }));
    expect(screen.getByText('Teacher unique ID')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(onValid.mock.calls[0][0]).toEqual({ isTeacher: true });
  });

  it('when it has an error, then it is aria-invalid and described by the error text', () => {
    render(<Checkbox label="I agree" error="Please accept" />);
    const checkbox = screen.getByRole('checkbox', { name: 'I agree' });
    expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    expect(checkbox).toHaveAccessibleDescription('Please accept');
  });
});
