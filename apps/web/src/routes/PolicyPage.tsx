import './policyWords.ts';
import { useEffect } from 'react';
import { useTranslation, wordsGroup } from '../i18n.ts';
import { useLocation, useParams } from 'react-router';
import { NotFoundPage } from './NotFoundPage.tsx';
import styles from './PolicyPage.module.css';

/** The documents under `/_/_/policy/:policy`, by their path name; their text is in locales/en/policy.json. */
const POLICIES = { 'terms-of-service': 'terms', 'privacy-policy': 'privacy' } as const;
type PolicyName = keyof typeof POLICIES;

/** A paragraph, or a list of items. */
type Block = string | readonly string[];

interface PolicyDocument {
  documentTitle: string;
  title: string;
  intro: readonly string[];
  /** By anchor id, in reading order; the ids are links' targets (`#notice-at-collection`), never translated. */
  sections: Readonly<Record<string, { heading: string; body: readonly Block[] }>>;
}

function isPolicyName(name: string | undefined): name is PolicyName {
  return name !== undefined && Object.hasOwn(POLICIES, name);
}

/** `/_/_/policy/terms-of-service/` and `/_/_/policy/privacy-policy/`, which sign-up links to; any other name is not found. */
export function PolicyPage() {
  const { policy } = useParams();
  if (!isPolicyName(policy)) return <NotFoundPage />;
  return <PolicyDocumentPage name={policy} />;
}

function PolicyDocumentPage({ name }: { name: PolicyName }) {
  const { t } = useTranslation();
  const { hash } = useLocation();
  // Loaded with this page (policyWords.ts, imported above).
  const text: PolicyDocument = wordsGroup('policy', POLICIES[name])!;
  const titleId = `policy-${name}`;

  // The router does not scroll to a fragment, and the sections exist only once this lazy page renders.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, name]);

  return (
    <article className={styles.page} aria-labelledby={titleId}>
      <title>{text.documentTitle}</title>
      <h1 id={titleId} className={styles.title}>
        {text.title}
      </h1>
      <p className={styles.updated}>{t('policy.updated')}</p>
      {text.intro.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {Object.entries(text.sections).map(([id, section]) => (
        <section key={id} id={id} aria-labelledby={`${id}-heading`} className={styles.section}>
          <h2 id={`${id}-heading`} className={styles.heading}>
            {section.heading}
          </h2>
          {section.body.map((block, i) =>
            typeof block === 'string' ? (
              <p key={i}>{block}</p>
            ) : (
              <ul key={i} className={styles.list}>
                {block.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
    </article>
  );
}
