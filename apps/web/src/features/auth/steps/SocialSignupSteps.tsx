import type { BotCheck } from '../botCheck/useBotCheck.ts';
import type { FlowStep } from '../flow.ts';
import type { LoginErrorPlacement } from '../loginErrors.ts';
import type { RecoveryModalCode } from '../recovery.ts';
import { providerOf } from '../social/credentials.ts';
import type { SocialFlowState } from '../social/socialMove.ts';
import { EmailAlreadyExistStep } from './EmailAlreadyExistStep.tsx';
import { EmailCollectionStep } from './EmailCollectionStep.tsx';
import { ProviderUnavailableStep } from './ProviderUnavailableStep.tsx';
import { SocialSignupWithAgeStep } from './SocialSignupWithAgeStep.tsx';

interface SocialSignupStepsProps {
  step: FlowStep;
  titleId: string;
  social: SocialFlowState;
  country: string | undefined;
  underageBlocked: boolean;
  botCheck: BotCheck;
  login: (usernameOrEmail: string, password: string) => Promise<LoginErrorPlacement | null>;
  onRecovery: (code: RecoveryModalCode, usernameOrEmail: string) => void;
  onForgotPassword: (usernameOrEmail: string) => void;
  /** Signs the kept sign-up up with what the step added; resolves its error code, or null. */
  continueSignup: (added: { email?: string; birthday?: string }) => Promise<string | null>;
  onUnderage: (birthday: string) => void;
  onNotNow: () => void;
  onNotYou: () => void;
  onUnavailableOk: () => void;
}

/**
 * The steps only a sign-up through a provider reaches (docs/product/accounts.md#screens), and the
 * provider-down modal.
 */
export function SocialSignupSteps({ step, titleId, social, ...props }: SocialSignupStepsProps) {
  const { signup } = social;
  switch (step) {
    case 'socialSignupWithAge':
      return signup ? (
        <SocialSignupWithAgeStep
          key={social.version}
          titleId={titleId}
          defaultBirthday={signup.birthday ?? ''}
          failure={social.failure}
          country={props.country}
          underageBlocked={props.underageBlocked}
          onUnderage={props.onUnderage}
          onSubmit={(birthday) => props.continueSignup({ birthday })}
        />
      ) : null;
    case 'EmailCollection':
      return signup ? (
        <EmailCollectionStep
          key={social.version}
          titleId={titleId}
          provider={providerOf(signup.credential)}
          defaultEmail={signup.email ?? ''}
          failure={social.failure}
          onSubmit={(email) => props.continueSignup({ email })}
          onNotNow={props.onNotNow}
        />
      ) : null;
    case 'EmailAlreadyExist':
      return (
        <EmailAlreadyExistStep
          titleId={titleId}
          email={social.email}
          botCheck={props.botCheck}
          login={props.login}
          onRecovery={props.onRecovery}
          onForgotPassword={props.onForgotPassword}
          onNotYou={props.onNotYou}
        />
      );
    case 'providerUnavailable':
      return social.unavailable ? (
        <ProviderUnavailableStep
          titleId={titleId}
          provider={social.unavailable}
          onOk={props.onUnavailableOk}
        />
      ) : null;
    default:
      return null;
  }
}
