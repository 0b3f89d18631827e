import { useState } from 'react';
import { PREVIEW_LINK_DAYS } from '@/api/contract/pageFields';
import { api } from '@/api/endpoints';
import { describeFailure } from '@/machines/errors';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import { TextField } from '@/ui/TextField';
import { toast } from '@/ui/toasts';
import styles from './pages.module.css';

/** The link as a browser elsewhere opens it: absolute, on this site's address when the server gave a path. */
const absolute = (url: string) => new URL(url, window.location.origin).toString();

/**
 * 'Share preview': a signed link to the page as last saved, for someone without a console account.
 * It lasts PREVIEW_LINK_DAYS days and dies with the page.
 */
export function SharePreview({ pageId }: { pageId: number }) {
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [reviewer, setReviewer] = useState('');
  const [reviewLink, setReviewLink] = useState<{ url: string; stage: string } | null>(null);
  const [reviewError, setReviewError] = useState<string | null>(null);
  /** A link naming a reviewer without an account: Approve and Request changes for the stage the page waits in. */
  const shareForReview = async () => {
    setReviewError(null);
    try {
      const answer = await api.pages.share({ body: { id: pageId, reviewer_email: reviewer } });
      setReviewLink({ url: absolute(answer.url), stage: answer.stage ?? '' });
    } catch (error) {
      setReviewLink(null);
      const failure = describeFailure(error);
      setReviewError(failure.fieldErrors.reviewer_email ?? failure.message);
    }
  };
  const share = async () => {
    setPending(true);
    try {
      const answer = await api.pages.share({ body: { id: pageId } });
      setLink({ url: absolute(answer.url), expiresAt: answer.expires_at });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The link could not be made.');
    } finally {
      setPending(false);
    }
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      toast.success('Link copied.');
    } catch {
      toast.error('The link could not be copied: select it and copy it instead.');
    }
  };
  const until = link
    ? new Date(link.expiresAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
    : '';
  return (
    <>
      <Button onPress={share} isPending={pending}>
        Share preview
      </Button>
      <Modal
        isOpen={link !== null}
        onClose={() => setLink(null)}
        title="Share preview"
        footer={
          <>
            <Button onPress={() => setLink(null)}>Close</Button>
            <Button variant="primary" onPress={copy}>
              Copy link
            </Button>
          </>
        }
      >
        <p className={styles.shareNote}>
          {`Anyone with this link sees the page as last saved, published or not, without signing in. It works for ${PREVIEW_LINK_DAYS} days (until ${until}) and stops when the page is deleted. Changes not yet saved are not in it.`}
        </p>
        <TextField label="Preview link" value={link?.url ?? ''} isReadOnly />
        <TextField
          label="Reviewer's e-mail"
          type="email"
          value={reviewer}
          onChange={(value) => {
            setReviewer(value);
            setReviewLink(null);
          }}
          description="For a reviewer without an account, when the stage the page waits in allows it: their link lets them approve or request changes, for this version and this stage only."
          errorMessage={reviewError ?? undefined}
        />
        <Button onPress={shareForReview}>Make review link</Button>
        {reviewLink ? (
          <TextField label={`Review link (${reviewLink.stage})`} value={reviewLink.url} isReadOnly />
        ) : null}
      </Modal>
    </>
  );
}
