import {
  promoteDataOf,
  type Advertiser,
  type CampaignObjective,
  type CONVERSION_EVENTS,
  type Pin,
} from '@pinboard/shared';

/** The first step's form values, as the fields hold them (decision 55). */
export type Objective = Extract<CampaignObjective, 'CONSIDERATION' | 'WEB_CONVERSION'>;

export interface Values {
  name: string;
  destination: string;
  budget: string;
  duration: string;
  endDate: string;
  ongoing: boolean;
  autoTargeting: boolean;
  ages: string[];
  genders: string[];
  interests: string;
  objective: Objective;
  tagId: string;
  event: (typeof CONVERSION_EVENTS)[number];
}

export function initialValues(
  pin: Pin,
  advertiser: Advertiser | null,
  country: string,
  fallbackName: string,
): Values {
  const data = promoteDataOf(advertiser?.country ?? country);
  return {
    name: pin.title.trim() || pin.description.trim().slice(0, 60) || fallbackName,
    destination: pin.link ?? '',
    budget: String(data.defaultBudget),
    duration: String(data.defaultDuration),
    endDate: '',
    ongoing: false,
    autoTargeting: true,
    ages: [],
    genders: [],
    interests: '',
    objective: 'CONSIDERATION',
    tagId: '',
    event: 'CHECKOUT',
  };
}

export function toggle(list: string[], value: string, on: boolean): string[] {
  return on ? [...list, value] : list.filter((item) => item !== value);
}
