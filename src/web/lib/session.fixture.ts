import type { Profile } from '#shared/accounts/accounts.schemas.ts';

/** A signed-in buyer as /auth/session answers, for component tests that seed the session query. */
export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'buyer-1',
    defaultAddress: null,
    email: 'robin@shop.example',
    emailVerified: true,
    name: 'Robin Buyer',
    businessName: 'Chain Store 12',
    phoneNumber: '+1 555 010 4040',
    isCompleted: true,
    createdAt: '2026-11-01T12:00:00.000Z',
    role: 'buyer',
    company: { id: 'company-1', role: 'owner', businessName: 'Chain Store 12' },
    documents: { salesId: null, tobaccoLicense: null },
    isSalesIdUploaded: false,
    isSalesIdverified: false,
    requestForReUploadOfSalesId: false,
    isTobaccoLicenceUploaded: false,
    isTobaccoLicenceVerified: false,
    requestForTobaccoLicenceUpload: false,
    ...overrides,
  };
}
