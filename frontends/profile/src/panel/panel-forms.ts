/**
 * The right panel of /profile: which path shows which module, and which remote lends it. A module
 * a remote does not expose yet shows "not available yet" and appears by itself once the remote
 * exposes it (checked in the remote's manifest at run time), without a profile release.
 */
export interface PanelForm {
  /** The path segment: /profile/<slug> (spec §2). */
  slug: string;
  /** The side menu's label (spec: Profile). */
  label: string;
  /** The remote's name in /remotes.json. */
  remote: string;
  /** The exposed module, as the remote's federation.config.ts names it. */
  module: `./${string}`;
  /** A creation form: it gets `onCreated`, after which the dashboard's counts refresh. */
  creates: boolean;
}

export const PANEL_FORMS: ReadonlyArray<PanelForm> = [
  { slug: 'uploadbook', label: 'Upload Book/Notes', remote: 'library', module: './book-form', creates: true },
  {
    slug: 'createflatrequest',
    label: 'Create Request for Room-mate',
    remote: 'housing',
    module: './flat-form',
    creates: true,
  },
  { slug: 'createjob', label: 'Create New Job Post', remote: 'careers', module: './job-form', creates: true },
  { slug: 'bookmark', label: 'Book-Marks', remote: 'library', module: './bookmarks', creates: false },
  {
    slug: 'createinterview',
    label: 'Create Interview Experience',
    remote: 'careers',
    module: './interview-form',
    creates: true,
  },
  {
    slug: 'createvent',
    label: 'Advertise Your Event',
    remote: 'events',
    module: './event-form',
    creates: true,
  },
];

export function panelFormFor(slug: string): PanelForm | undefined {
  return PANEL_FORMS.find((form) => form.slug === slug);
}

/** `/profile/uploads`: the profile's own view of the user's uploads and their verdicts (issue 12). */
export const MY_UPLOADS = { slug: 'uploads', label: 'My uploads' } as const;

/** The side menu: the spec's six forms, with My uploads after Upload Book/Notes. */
export const PROFILE_MENU: ReadonlyArray<{ slug: string; label: string }> = [
  PANEL_FORMS[0]!,
  MY_UPLOADS,
  ...PANEL_FORMS.slice(1),
];
