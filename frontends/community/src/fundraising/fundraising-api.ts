import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { operationUrl, type BodyOf } from '@campus/contracts/api-operation';
import type { Campaign } from '@campus/contracts/community';
import type { CampaignUpdate, Pledge } from '@campus/contracts/fundraising';
import { communityApi } from '@campus/contracts/generated/community-api';
import type { ApiClient } from '@campus/web-kit/api-client';
import { useApiClient } from '@campus/web-kit/auth-context';
import { communityQueryKeys } from '../community-api';

/**
 * The campaign page's reads and the organiser's actions (issue 28, docs/fundraising.md). Every key
 * starts with the campaign's, so what one campaign shows is found (and refreshed) together. A 4xx
 * (not found, not yours) is not asked again: the page client's default.
 */
export const fundraisingKeys = {
  campaign: communityQueryKeys.campaign,
  ledger: (id: string) => [...communityQueryKeys.campaign(id), 'ledger'] as const,
  updates: (id: string) => [...communityQueryKeys.campaign(id), 'updates'] as const,
  pledges: (id: string) => [...communityQueryKeys.campaign(id), 'pledges'] as const,
  receipt: (id: string, pledgeId: string) =>
    [...communityQueryKeys.campaign(id), 'receipt', pledgeId] as const,
};

/** The ledger as a spreadsheet: the public route's CSV, which the service sends as an attachment. */
export const ledgerCsvUrl = (campaignId: string) =>
  operationUrl(communityApi.getCampaignLedger, { params: { campaignId }, query: { format: 'csv' } });

/** Puts the service's answer for a campaign on its page and in the /fundrasing list. */
function replaceCachedCampaign(queryClient: QueryClient, campaign: Campaign) {
  queryClient.setQueryData<Campaign>(fundraisingKeys.campaign(campaign.id), campaign);
  queryClient.setQueryData<Campaign[]>(communityQueryKeys.campaigns, (list) =>
    list?.map((c) => (c.id === campaign.id ? campaign : c)),
  );
}

/** One campaign; while it loads, the /fundrasing list's copy shows if the visitor came from there. */
export function useCampaign(campaignId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useQuery<Campaign>({
    queryKey: fundraisingKeys.campaign(campaignId),
    queryFn: async ({ signal }) =>
      (await api.call(communityApi.getCampaign, { params: { campaignId }, signal })).data,
    placeholderData: () =>
      queryClient.getQueryData<Campaign[]>(communityQueryKeys.campaigns)?.find((c) => c.id === campaignId),
  });
}

/** The public ledger: confirmed pledges only, oldest first. */
export function useLedger(campaignId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: fundraisingKeys.ledger(campaignId),
    queryFn: async ({ signal }) =>
      (await api.call(communityApi.getCampaignLedger, { params: { campaignId }, query: {}, signal })).data,
  });
}

/** The organiser's updates, newest first. */
export function useCampaignUpdates(campaignId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: fundraisingKeys.updates(campaignId),
    queryFn: async ({ signal }) =>
      (await api.call(communityApi.listCampaignUpdates, { params: { campaignId }, signal })).data,
  });
}

/** Every pledge of the campaign, newest first: the organiser's only (asked only when `enabled`). */
export function useCampaignPledges(campaignId: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: fundraisingKeys.pledges(campaignId),
    queryFn: async ({ signal }) =>
      (await api.call(communityApi.listCampaignPledges, { params: { campaignId }, signal })).data,
    enabled,
  });
}

/**
 * The organiser confirms or rejects a pending pledge: the answer's pledge replaces the listed one,
 * its campaign the page's totals, and the public ledger is read again (a confirmed pledge joins it).
 */
export function useDecidePledge(campaignId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pledgeId, status }: { pledgeId: string; status: 'confirmed' | 'rejected' }) =>
      api.call(communityApi.decidePledge, { params: { campaignId, pledgeId }, body: { status } }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData<Pledge[]>(fundraisingKeys.pledges(campaignId), (list) =>
        list?.map((p) => (p.id === data.pledge.id ? data.pledge : p)),
      );
      replaceCachedCampaign(queryClient, data.campaign);
      void queryClient.invalidateQueries({ queryKey: fundraisingKeys.ledger(campaignId) });
    },
    onError: (error) => console.error('Deciding the pledge failed', error),
  });
}

/** The organiser's news: it goes first in the updates, and the service tells the backers. */
export function usePostCampaignUpdate(campaignId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.call(communityApi.postCampaignUpdate, { params: { campaignId }, body: { body } }),
    onSuccess: ({ data }) =>
      queryClient.setQueryData<CampaignUpdate[]>(fundraisingKeys.updates(campaignId), (list) => [
        data,
        ...(list ?? []),
      ]),
    onError: (error) => console.error('Posting the update failed', error),
  });
}

/** The organiser's change of the campaign (an edit, a close, a reopen): the answer shows everywhere. */
export function useUpdateCampaign(campaignId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: BodyOf<typeof communityApi.updateCampaign>) =>
      api.call(communityApi.updateCampaign, { params: { campaignId }, body: changes }),
    onSuccess: ({ data }) => replaceCachedCampaign(queryClient, data),
    onError: (error) => console.error('Changing the campaign failed', error),
  });
}

/** A teacher's new campaign (its organiser is the session's user); the list shows it on return. */
export async function createCampaign(
  api: ApiClient,
  body: BodyOf<typeof communityApi.createCampaign>,
  idempotencyKey: string,
): Promise<Campaign> {
  return (await api.call(communityApi.createCampaign, { body, idempotencyKey })).data;
}

/** A confirmed pledge's receipt, for its donor and the organiser only. */
export function useReceipt(campaignId: string, pledgeId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: fundraisingKeys.receipt(campaignId, pledgeId),
    queryFn: async ({ signal }) =>
      (await api.call(communityApi.getPledgeReceipt, { params: { campaignId, pledgeId }, signal })).data,
  });
}
