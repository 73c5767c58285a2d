import type { Advisory } from '@pinboard/shared';

/** The description of buildAdvisory's notice. */
export const advisoryText = 'If you or someone you know is struggling, help is available. Read our guide.';

/** An advisory whose notice has two link tags and one action. */
export function buildAdvisory(overrides: Partial<Advisory> = {}): Advisory {
  return {
    advisory: 'sad quotes',
    severity: 1,
    advisory_type: null,
    resource_country: null,
    level: null,
    advisory_details: {
      title: 'You are not alone',
      description: {
        text: advisoryText,
        tags: [
          {
            tagType: 'link',
            offset: advisoryText.indexOf('Read our guide'),
            length: 14,
            link: '/_/_/policy/wellbeing/',
          },
          {
            tagType: 'link',
            offset: advisoryText.indexOf('help'),
            length: 4,
            link: 'https://help.example.org/',
          },
        ],
      },
      actions: [
        {
          title: 'Talk to someone',
          description: 'Free, confidential, any time.',
          button: { text: 'Call a helpline', link: 'https://helpline.example.org/' },
        },
      ],
      style: 'warning',
      footer: 'Shown for searches that may be about difficult topics.',
    },
    ...overrides,
  };
}
