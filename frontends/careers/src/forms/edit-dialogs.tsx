import type { InterviewExperience, JobPost } from '@campus/contracts/careers';
import { Modal } from '@campus/ui/modal';
import InterviewForm from './interview-form';
import JobForm from './job-form';

export interface EditJobDialogProps {
  job: JobPost;
  onClose: () => void;
}

/**
 * The author's edit of a job post: the create form, filled with the post, in a dialog. Closing it
 * keeps what was typed as a draft of this post (Draft restored when it opens again); a refusal keeps
 * the dialog open with every value and the server's messages under the fields.
 */
export function EditJobDialog({ job, onClose }: EditJobDialogProps) {
  return (
    <Modal open onClose={onClose} title={`Edit ${job.role} at ${job.companyName}`} hideTitle size="lg">
      <JobForm editing={job} onSaved={onClose} />
    </Modal>
  );
}

export interface EditInterviewDialogProps {
  interview: InterviewExperience;
  onClose: () => void;
}

/** The author's edit of an interview experience (anonymous ones too): the share form, filled with it, in a dialog. */
export function EditInterviewDialog({ interview, onClose }: EditInterviewDialogProps) {
  return (
    <Modal
      open
      onClose={onClose}
      title={`Edit ${interview.role} at ${interview.companyName}`}
      hideTitle
      size="lg"
    >
      <InterviewForm editing={interview} onSaved={onClose} />
    </Modal>
  );
}
