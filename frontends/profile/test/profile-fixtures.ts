import {
  ProfileCountsResponse,
  ProfileDataResponse,
  SaveCommonDataResponse,
  type ProfileCounts,
  type ProfileData,
} from '@campus/contracts/profile';
import type { SessionUser } from '@campus/web-kit/auth-store';
import { contractReply, type ReplyTarget } from '@campus/web-kit/testing/api-replies';

export const student: SessionUser = {
  _id: 'u-student',
  name: 'Asha Rao',
  email: 'asha@campus.test',
  isTeacher: false,
  isFirstTime: true,
};

export const teacher: SessionUser = {
  _id: 'u-teacher',
  name: 'Dr. Meera Iyer',
  email: 'meera@campus.test',
  isTeacher: true,
  isFirstTime: true,
};

/** The profile data of a user who has not filled the form in yet; `change` overrides any field. */
export const profileOf = (user: SessionUser, change: Partial<ProfileData> = {}): ProfileData => ({
  userId: user._id,
  name: user.name,
  isTeacher: user.isTeacher,
  completed: false,
  department: null,
  subjects: [],
  graduationYear: null,
  branch: null,
  enrollmentNumber: null,
  updatedAt: null,
  ...change,
});

/** GET /api/commonData/{userId}/profile. */
export const profileReply = (data: ProfileData, target: ReplyTarget = {}) =>
  contractReply(
    ProfileDataResponse,
    { success: true, message: 'Profile fetched successfully', data },
    { url: `/api/commonData/${data.userId}/profile`, method: 'GET', ...target },
  );

/** POST /api/commonData answered 201 with what was saved. */
export const savedReply = (data: ProfileData) =>
  contractReply(
    SaveCommonDataResponse,
    { success: true, message: 'Profile saved successfully', data: { ...data, completed: true } },
    { status: 201, url: '/api/commonData', method: 'POST' },
  );

/** GET /api/commonData/{userId}: the dashboard's three counts. */
export const countsReply = (userId: string, counts: Partial<ProfileCounts> = {}) =>
  contractReply(
    ProfileCountsResponse,
    {
      success: true,
      message: 'Counts fetched successfully',
      data: { bookCount: 0, jobPostCount: 0, fundRaisingCount: 0, ...counts },
    },
    { url: `/api/commonData/${userId}`, method: 'GET' },
  );
