import { Router, type Response } from 'express';
import type {
  ProfileCountsResponse,
  ProfileDataResponse,
  SaveCommonDataResponse,
} from '@campus/contracts/profile';
import { currentUser, requireSelf, requireUser } from '@campus/service-kit/auth';
import type { Profiles } from '../domain/profiles';

/** Private data: never kept by a shared cache, and a browser asks again rather than show stale counts. */
const privateNoStore = (res: Response) => res.set('Cache-Control', 'private, no-store');

export function createProfileRoutes(deps: { profiles: Profiles }): Router {
  const { profiles } = deps;
  const router = Router();

  // The spec's client treats 201 as success for a first save and for every later edit alike.
  router.post('/api/commonData', requireUser, async (req, res) => {
    const data = await profiles.saveCommonData(currentUser(req), req.body);
    const body: SaveCommonDataResponse = { success: true, message: 'Profile saved successfully', data };
    res.status(201).json(body);
  });

  router.get('/api/commonData/:userId', requireSelf('userId'), async (req, res) => {
    const body: ProfileCountsResponse = {
      success: true,
      message: 'Counts fetched successfully',
      data: await profiles.counts(currentUser(req).id),
    };
    privateNoStore(res);
    res.json(body);
  });

  router.get('/api/commonData/:userId/profile', requireSelf('userId'), async (req, res) => {
    const body: ProfileDataResponse = {
      success: true,
      message: 'Profile fetched successfully',
      data: await profiles.findProfile(currentUser(req)),
    };
    privateNoStore(res);
    res.json(body);
  });

  return router;
}
