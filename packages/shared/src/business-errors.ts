import type { ErrorEntry } from './errors.ts';

/**
 * Business accounts, business access, ad accounts and quick promote (decision 55):
 * apiCodes 600-629. Spread into ERRORS. The words are ours; quick promote shows `message` as the
 * failure's message_detail.
 */
export const BUSINESS_ERRORS = {
  advertiser_not_found: { status: 404, apiCode: 600, message: 'Sorry! We could not find that ad account.' },
  campaign_not_found: { status: 404, apiCode: 601, message: 'Sorry! We could not find that campaign.' },
  ad_group_not_found: { status: 404, apiCode: 602, message: 'Sorry! We could not find that ad group.' },
  ad_not_found: { status: 404, apiCode: 603, message: 'Sorry! We could not find that ad.' },
  business_profile_not_found: {
    status: 404,
    apiCode: 604,
    message: 'Sorry! We could not find that business profile.',
  },
  business_invite_not_found: {
    status: 404,
    apiCode: 605,
    message: 'This invitation is no longer valid.',
  },
  business_role_forbidden: {
    status: 403,
    apiCode: 606,
    message: 'Your role on this business does not allow this.',
  },
  business_mfa_required: {
    status: 403,
    apiCode: 607,
    message: 'Turn on two-factor authentication to act for this business.',
  },
  already_business: {
    status: 409,
    apiCode: 608,
    message: 'This account is already a business account.',
  },
  budget_below_minimum: {
    status: 400,
    apiCode: 609,
    message: 'Your daily budget is below the minimum for this ad account.',
    field: 'budget_in_micro_currency',
  },
  budget_above_maximum: {
    status: 400,
    apiCode: 610,
    message: 'Your budget can be at most 1,000,000.',
    field: 'budget_in_micro_currency',
  },
  end_date_invalid: {
    status: 400,
    apiCode: 611,
    message: 'Choose an end date after the start date, at most 365 days away.',
    field: 'inclusive_end_date',
  },
  quick_promote_mismatch: {
    status: 400,
    apiCode: 612,
    message: 'The Pin and ad account of this promotion do not match the address.',
    field: 'pin_id',
  },
  conversion_tag_required: {
    status: 400,
    apiCode: 613,
    message: 'Choose a conversion tag and event for a conversions campaign.',
    field: 'optimization_goal_metadata',
  },
  conversion_tag_not_found: {
    status: 400,
    apiCode: 614,
    message: 'This conversion tag does not belong to the ad account.',
    field: 'optimization_goal_metadata',
  },
  pin_not_promotable: {
    status: 400,
    apiCode: 615,
    message: 'Only your business’s own Pins can be promoted.',
    field: 'pin_id',
  },
  campaign_status_final: {
    status: 409,
    apiCode: 616,
    message: 'An archived or completed campaign cannot be changed.',
    field: 'status',
  },
  owner_role_protected: {
    status: 403,
    apiCode: 617,
    message: 'Only an owner can grant, change or remove the owner role.',
    field: 'role',
  },
  already_member: {
    status: 409,
    apiCode: 618,
    message: 'This person already has access to this business.',
    field: 'email',
  },
  invite_email_mismatch: {
    status: 403,
    apiCode: 619,
    message: 'This invitation was sent to another email address. Log in with that account to accept it.',
  },
  billing_profile_required: {
    status: 400,
    apiCode: 620,
    message: 'Add your billing details before promoting.',
  },
  country_not_offered: {
    status: 400,
    apiCode: 621,
    message: 'Ads are not offered in this country yet.',
    field: 'country',
  },
  last_owner: {
    status: 409,
    apiCode: 622,
    message: 'A business needs an owner. Make someone else an owner first.',
  },
  promote_destination_required: {
    status: 400,
    apiCode: 623,
    message: 'Add a destination link that starts with http:// or https://.',
    field: 'destination_url',
  },
  // Billing (decision 62): apiCodes 2560-2579.
  billing_business_name_invalid: {
    status: 400,
    apiCode: 2560,
    message: 'Enter the business name your invoices are made out to (up to 100 characters).',
    field: 'business_name',
  },
  billing_address_invalid: {
    status: 400,
    apiCode: 2561,
    message: 'Enter the billing address (up to 500 characters).',
    field: 'address',
  },
  billing_tax_id_invalid: {
    status: 400,
    apiCode: 2562,
    message:
      'A tax ID has 2 to 30 letters and digits, which spaces, dots, dashes or slashes may separate. Leave it blank if you have none.',
    field: 'tax_id',
  },
} as const satisfies Record<string, ErrorEntry>;
