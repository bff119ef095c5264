import { FlatListResponse, type FlatRequest } from '@campus/contracts/housing';
import { FLAT_MESSAGES } from '@campus/contracts/housing-rules';
import type { SessionUser } from '@campus/web-kit/auth-store';
import { contractReply } from '@campus/web-kit/testing/api-replies';
import type { ReplyTarget } from '@campus/web-kit/testing/api-replies';

export const student: SessionUser = {
  _id: 'u-student',
  name: 'Asha Rao',
  email: 'asha@campus.test',
  isTeacher: false,
  isFirstTime: false,
};

/** A flat request as the service answers it; `change` overrides any field. */
export function flat(id: string, name: string, change: Partial<FlatRequest> = {}): FlatRequest {
  return {
    _id: id,
    userId: 'u-student',
    userName: 'Asha Rao',
    name,
    description: 'One room in a furnished 2BHK.',
    location: 'https://maps.google.com/?q=Kothrud',
    genderPreference: 'female',
    rent: 8500,
    moveInDate: '2026-07-01',
    contactInfo: '+91 98765 43210',
    createdAt: '2026-03-01T09:00:00.000Z',
    editedAt: null,
    food: null,
    smoking: null,
    sleep: null,
    filled: false,
    expiresAt: '2026-04-30T09:00:00.000Z',
    contactVisibility: 'signed-in',
    photos: [],
    photoVariants: [],
    ...change,
  };
}

/** One page of a flat list, the only page unless `pages` says more. */
export const flatsReply = (flats: FlatRequest[], target: ReplyTarget = {}, pages = flats.length ? 1 : 0) =>
  contractReply(
    FlatListResponse,
    {
      success: true,
      message: flats.length ? FLAT_MESSAGES.found : FLAT_MESSAGES.empty,
      data: flats,
      page: 1,
      pages,
      total: flats.length,
    },
    target,
  );
