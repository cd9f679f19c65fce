import type { ApiAdminCampaign } from '../../contract/index.ts';

/**
 * A campaign as the admin API answers it, for the publishing page's tests: one article,
 * no pictures, labelled 'Kupp', with `fields` over these defaults.
 */
export function adminCampaign(
  fields: Pick<ApiAdminCampaign, 'id' | 'name' | 'start' | 'end'> & Partial<ApiAdminCampaign>,
): ApiAdminCampaign {
  return {
    shortDescription: '',
    description: '',
    labelText: 'Kupp',
    count: 1,
    image: null,
    imageMobile: null,
    url: null,
    showLabel: 1,
    showImage: 1,
    items: [],
    brands: ['toppfart'],
    ...fields,
  };
}
