import type { Request } from 'express';
import { currentUser, type AuthUser } from './auth';
import { AppError } from './errors';

export interface RequireOwnerOptions<T> {
  /** Loads the resource (undefined or null when there is none); called only for a signed-in user. */
  load: () => Promise<T | undefined | null> | T | undefined | null;
  /** The id of the user who owns it (`postedBy`, `createdBy`, ...). */
  ownerOf: (resource: T) => string;
  /** Who else may act on it (a teacher moderating, say); the owner always may. */
  alsoAllowed?: (user: AuthUser, resource: T) => boolean;
  /** What the 404 says ('Job post not found.'); the 403 always says the same thing. */
  notFoundMessage?: string;
  forbiddenMessage?: string;
}

/**
 * The one owner check, in this order: a guest is 401 (before anything is loaded, so a guest learns
 * nothing about what exists), an unknown resource 404, someone else's 403; else the resource and the
 * user. Use it in a route handler (`const { resource } = await requireOwner(req, { load, ownerOf })`)
 * before changing or deleting what a user owns.
 */
export async function requireOwner<T>(
  req: Request,
  options: RequireOwnerOptions<T>,
): Promise<{ user: AuthUser; resource: T }> {
  const user = currentUser(req);
  const resource = await options.load();
  if (resource === undefined || resource === null)
    throw AppError.notFound(options.notFoundMessage ?? 'Not found.');
  if (options.ownerOf(resource) !== user.id && !options.alsoAllowed?.(user, resource))
    throw AppError.forbidden(options.forbiddenMessage ?? 'Only its owner can do this.', 'NOT_OWNER');
  return { user, resource };
}
