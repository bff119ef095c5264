import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { housingApi } from '@campus/contracts/generated/housing-api';
import { FLAT_PHOTO_MAX_BYTES, FLAT_PHOTOS_MAX, flatPhotoAlt } from '@campus/contracts/housing-rules';
import { Button } from '@campus/ui/button';
import { isApiError } from '@campus/web-kit/api-error';
import { useApiClient } from '@campus/web-kit/auth-context';
import styles from './photo-picker.module.css';
import { uploadFile } from './upload-file';

/** What the browser may pick (the service judges the bytes anyway). */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

/** A picked file on its way: waiting its turn, uploading, or refused (kept to retry or remove). */
interface PendingPhoto {
  id: number;
  file: File;
  preview: string;
  progress: number;
  status: 'waiting' | 'uploading' | 'failed';
  error?: string;
}

export interface PhotoPickerProps {
  /** The uploaded photos' URLs, in the order shown. */
  photos: string[];
  /** Changes the list from what it is when the change lands (uploads finish later). */
  onChange: (update: (photos: string[]) => string[]) => void;
  /** Small versions of photos already known (a request's own, from its `photoVariants`). */
  thumbnails?: Readonly<Record<string, string>>;
  /** True while a photo is waiting or uploading: the form waits for it before it is sent. */
  onBusyChange?: (busy: boolean) => void;
  /** The request's heading, for the photos' alt text. */
  title: string;
  /** Why the server refused the list, if it did. */
  error?: string;
}

const formatMb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

const failureOf = (error: unknown) =>
  isApiError(error) && error.status !== 0
    ? error.message
    : 'The photo could not be uploaded. Check your connection and try again.';

/**
 * Photos of a room request (issue 28): up to six, each uploaded as soon as it is picked (one at a
 * time, in the order picked, with its progress), shown as they will be, removable and movable. A
 * refused photo stays in the list with the service's reason, to retry or remove; the form's fields
 * are never touched, so nothing typed is lost.
 */
export function PhotoPicker({ photos, onChange, thumbnails, onBusyChange, title, error }: PhotoPickerProps) {
  const api = useApiClient();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const nextId = useRef(0);
  const [pending, setPending] = useState<PendingPhoto[]>([]);
  const [uploadedThumbs, setUploadedThumbs] = useState<Record<string, string>>({});
  // Said to screen readers as each photo lands; the limit note is shown to everyone.
  const [announcement, setAnnouncement] = useState('');
  const [limitNote, setLimitNote] = useState('');

  const busy = pending.some((p) => p.status !== 'failed');
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  // Previews are the files themselves: released when the component goes.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const held = previews.current;
    return () => held.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  // One upload at a time, in the order picked: the next waiting photo starts when none is uploading.
  const next = pending.find((p) => p.status === 'waiting');
  const uploading = pending.some((p) => p.status === 'uploading');
  useEffect(() => {
    if (!next || uploading) return;
    const { id, file } = next;
    const update = (change: Partial<PendingPhoto>) =>
      setPending((all) => all.map((p) => (p.id === id ? { ...p, ...change } : p)));
    update({ status: 'uploading', progress: 0 });
    uploadFile(api, housingApi.uploadFlatPhoto, file, (progress) => update({ progress }))
      .then((answer) => {
        setUploadedThumbs((thumbs) => ({ ...thumbs, [answer.url]: answer.variants[0]?.url ?? answer.url }));
        onChange((list) => [...list, answer.url]);
        setPending((all) => all.filter((p) => p.id !== id));
        setAnnouncement(`${file.name} uploaded.`);
      })
      .catch((failure: unknown) => {
        console.error('Photo upload failed', failure);
        update({ status: 'failed', error: failureOf(failure) });
      });
  }, [api, next, uploading, onChange]);

  const free = FLAT_PHOTOS_MAX - photos.length - pending.length;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const taken = files.slice(0, Math.max(0, free));
    setLimitNote(
      files.length > taken.length
        ? `A request can have ${FLAT_PHOTOS_MAX} photos: ${files.length - taken.length} of those you chose ${files.length - taken.length === 1 ? 'was' : 'were'} not added.`
        : '',
    );
    setPending((all) => [
      ...all,
      ...taken.map((file) => {
        const preview = URL.createObjectURL(file);
        previews.current.add(preview);
        return { id: nextId.current++, file, preview, progress: 0, status: 'waiting' as const };
      }),
    ]);
  };

  const drop = (photo: PendingPhoto) => {
    URL.revokeObjectURL(photo.preview);
    previews.current.delete(photo.preview);
    setPending((all) => all.filter((p) => p.id !== photo.id));
  };
  const retry = (photo: PendingPhoto) =>
    setPending((all) =>
      all.map((p) => (p.id === photo.id ? { ...p, status: 'waiting', error: undefined, progress: 0 } : p)),
    );
  // A moved photo keeps the focus: on its button that moved it, or the other one at the list's end.
  const listRef = useRef<HTMLOListElement>(null);
  const movedRef = useRef<{ url: string; by: -1 | 1 } | null>(null);
  useEffect(() => {
    const last = movedRef.current;
    if (!last) return;
    movedRef.current = null;
    const item = listRef.current?.querySelector<HTMLElement>(`[data-photo="${last.url}"]`);
    const same = item?.querySelector<HTMLButtonElement>(`[data-move="${last.by}"]`);
    (same && !same.disabled
      ? same
      : item?.querySelector<HTMLButtonElement>(`[data-move="${-last.by}"]`)
    )?.focus();
  }, [photos]);
  const move = (url: string, by: -1 | 1) => {
    movedRef.current = { url, by };
    onChange((list) => {
      const from = list.indexOf(url);
      const to = from + by;
      if (from < 0 || to < 0 || to >= list.length) return list;
      const moved = [...list];
      [moved[from], moved[to]] = [moved[to]!, moved[from]!];
      return moved;
    });
  };

  const total = photos.length + pending.length;
  const name = title.trim() || 'this room request';
  return (
    <fieldset className={styles.picker} aria-describedby={hintId}>
      <legend>Photos (optional)</legend>
      <p id={hintId} className={styles.hint}>
        Up to {FLAT_PHOTOS_MAX} photos of the room and the flat, JPEG, PNG, WebP or GIF, at most{' '}
        {formatMb(FLAT_PHOTO_MAX_BYTES)} each. The first one is shown on the card. Location details in the
        files are removed.
      </p>
      {total > 0 && (
        <ol ref={listRef} className={styles.list} aria-label="Photos">
          {photos.map((url, index) => (
            <li key={url} className={styles.item} data-photo={url}>
              <img
                className={styles.thumb}
                src={thumbnails?.[url] ?? uploadedThumbs[url] ?? url}
                alt={flatPhotoAlt(index, photos.length, name)}
                width={160}
                height={120}
              />
              <div className={styles.itemActions}>
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  disabled={index === 0}
                  data-move={-1}
                  aria-label={`Move photo ${index + 1} earlier`}
                  onClick={() => move(url, -1)}
                >
                  ←
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  disabled={index === photos.length - 1}
                  data-move={1}
                  aria-label={`Move photo ${index + 1} later`}
                  onClick={() => move(url, 1)}
                >
                  →
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  aria-label={`Remove photo ${index + 1}`}
                  onClick={() => onChange((list) => list.filter((u) => u !== url))}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
          {pending.map((photo) => (
            <li key={`pending-${photo.id}`} className={styles.item} data-status={photo.status}>
              <img
                className={styles.thumb}
                src={photo.preview}
                alt={`${photo.file.name} (not uploaded yet)`}
              />
              {photo.status === 'failed' ? (
                <>
                  <p role="alert" className={styles.error}>
                    {photo.file.name}: {photo.error}
                  </p>
                  <div className={styles.itemActions}>
                    <Button type="button" size="sm" variant="secondary" onClick={() => retry(photo)}>
                      Retry<span className={styles.hiddenText}> {photo.file.name}</span>
                    </Button>
                    <Button type="button" size="sm" variant="secondary" onClick={() => drop(photo)}>
                      Remove<span className={styles.hiddenText}> {photo.file.name}</span>
                    </Button>
                  </div>
                </>
              ) : (
                <progress
                  className={styles.progress}
                  max={100}
                  value={photo.progress}
                  aria-label={`Uploading ${photo.file.name}`}
                >
                  {photo.progress}%
                </progress>
              )}
            </li>
          ))}
        </ol>
      )}
      {free > 0 && (
        <>
          <input
            ref={input}
            id={inputId}
            className={styles.fileInput}
            type="file"
            accept={ACCEPT}
            multiple
            onChange={pick}
          />
          <label htmlFor={inputId} className={styles.addButton}>
            {total === 0 ? 'Add photos' : `Add more photos (${free} left)`}
          </label>
        </>
      )}
      <p className={styles.hiddenText} role="status">
        {announcement}
      </p>
      <p className={styles.hint} role="status">
        {limitNote}
      </p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
