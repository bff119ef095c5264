import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { RemoteRoutesProps } from '@campus/web-kit/remote-contract';
import FundraisingPage from './fundraising/fundraising-page';
import HubPage from './hub/hub-page';

// The thread page (its follow toggle, live comments, links to a comment) loads with the thread, not
// with /community, the remote's first screen and the one under the download budget (the shell's
// page fallback shows meanwhile).
const PostPage = lazy(() => import('./post/post-page'));
// A campaign's page, its form and a receipt load when opened, not with /fundrasing (issue 28).
const CampaignPage = lazy(() => import('./fundraising/campaign-page'));
const NewCampaignPage = lazy(() =>
  import('./fundraising/campaign-form-page').then((m) => ({ default: m.NewCampaignPage })),
);
const EditCampaignPage = lazy(() =>
  import('./fundraising/campaign-form-page').then((m) => ({ default: m.EditCampaignPage })),
);
const ReceiptPage = lazy(() => import('./fundraising/receipt-page'));

/** Every route of the community domain; the shell mounts this under its layout (see /remotes.json). */
export default function CommunityRoutes({ notFound }: RemoteRoutesProps) {
  return (
    <Routes>
      <Route path="/community" element={<HubPage />} />
      <Route path="/post/:postId" element={<PostPage />} />
      {/* Spelled so by the spec. */}
      <Route path="/fundrasing" element={<FundraisingPage />} />
      <Route path="/campaign/new" element={<NewCampaignPage />} />
      <Route path="/campaign/:campaignId" element={<CampaignPage />} />
      <Route path="/campaign/:campaignId/edit" element={<EditCampaignPage />} />
      <Route path="/campaign/:campaignId/receipt/:pledgeId" element={<ReceiptPage />} />
      <Route path="*" element={notFound} />
    </Routes>
  );
}
