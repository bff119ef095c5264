import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { FlatFormValues, FlatRequest } from '@campus/contracts/housing';
import { Button } from '@campus/ui/button';
import { DraftNote } from '@campus/ui/draft-note';
import { Modal } from '@campus/ui/modal';
import { useToast } from '@campus/ui/toast';
import { useApiClient, useAuth } from '@campus/web-kit/auth-context';
import { applyServerErrors } from '@campus/web-kit/form-server-errors';
import { useFormDraft } from '@campus/web-kit/use-form-draft';
import {
  FlatFields,
  flatFormResolver,
  flatFormValuesOf,
  formErrorOf,
  photoThumbnailsOf,
  type FlatFormState,
} from '../create/flat-fields';
import styles from '../create/flat-form.module.css';
import { failureMessage, updateFlat, useShowEditedFlat } from '../housing-api';

export interface EditFlatDialogProps {
  /** The owner's request as their list shows it (with its contact). */
  flat: FlatRequest;
  onClose: () => void;
}

/**
 * Edit: the Find a Roommate fields in a dialog, filled with the request as it is. Only the fields
 * the owner changed are sent (PATCH /api/flat/{id}). What they type is kept on the device until the
 * server accepts it, so a refusal, a dropped network or a closed dialog loses nothing: reopening
 * Edit puts it back ("Draft restored", Discard goes back to the request as it is). Loaded only when
 * Edit is pressed (the room finder stays light, ADR 0032).
 */
export default function EditFlatDialog({ flat, onClose }: EditFlatDialogProps) {
  const { user } = useAuth();
  const api = useApiClient();
  const toast = useToast();
  const showEdited = useShowEditedFlat();
  const formId = useId();
  const original = useMemo(() => flatFormValuesOf(flat), [flat]);
  const thumbnails = useMemo(() => photoThumbnailsOf(flat), [flat]);
  // A photo still uploading holds Save back: the edit is sent with every photo picked.
  const [photosBusy, setPhotosBusy] = useState(false);
  const form: FlatFormState = useForm({ resolver: flatFormResolver, defaultValues: original });
  const draft = useFormDraft(form, {
    formKey: `housing/flat-edit/${flat._id}`,
    userId: user?._id,
    empty: original,
  });

  const submit = form.handleSubmit(async (values) => {
    const dirty = form.formState.dirtyFields;
    const changed = (Object.keys(values) as Array<keyof FlatFormValues>).filter((name) => dirty[name]);
    if (changed.length === 0) {
      onClose();
      return;
    }
    try {
      const answer = await updateFlat(
        api,
        flat._id,
        Object.fromEntries(changed.map((name) => [name, values[name]])),
      );
      draft.clear();
      showEdited(answer.data);
      toast.success(`Saved “${answer.data.name}”.`);
      onClose();
    } catch (error) {
      console.error('Flat request edit failed', error);
      applyServerErrors(form, error, { fallbackMessage: failureMessage(error) });
    }
  });
  const formError = formErrorOf(form);

  return (
    <Modal
      open
      onClose={onClose}
      title="Edit room request"
      size="lg"
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            loading={form.formState.isSubmitting || photosBusy}
            loadingLabel={photosBusy ? 'Uploading photos...' : 'Saving...'}
          >
            Save changes
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(e) => void submit(e)}>
        {draft.restored && <DraftNote onDiscard={draft.discard} />}
        <FlatFields form={form} photoThumbnails={thumbnails} onPhotosBusyChange={setPhotosBusy} />
        {formError && (
          <p role="alert" className={styles.formError}>
            {formError}
          </p>
        )}
      </form>
    </Modal>
  );
}
