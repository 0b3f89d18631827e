import { type FormEvent, useState } from 'react';
import { REFUND_REASONS, type RefundReason, type Reservation } from '@/api/contract/reservations';
import { api } from '@/api/endpoints';
import { describeFailure } from '@/machines/errors';
import { formatMoney } from '@/shared/format';
import { Button } from '@/ui/Button';
import { Field } from '@/ui/Field';
import { stateFieldMeta } from '@/ui/formProps';
import { Loader } from '@/ui/Loader';
import { Modal } from '@/ui/Modal';
import type { SelectItem } from '@/ui/Select';
import { toast } from '@/ui/toasts';
import styles from './Reservations.module.css';
import { parsePounds, refundableAmount, toPounds } from './refundAmount';

/** Stripe's reasons, as the dialog offers them; none is Stripe's default too. */
const REASON_NAMES: Record<RefundReason, string> = {
  requested_by_customer: 'Requested by the customer',
  duplicate: 'Duplicate payment',
  fraudulent: 'Fraudulent payment',
};
const NO_REASON = 'none';
const reasons: SelectItem<string>[] = [
  { id: NO_REASON, name: 'No reason given' },
  ...REFUND_REASONS.map((reason) => ({ id: reason, name: REASON_NAMES[reason] })),
];

export interface RefundDialogProps {
  reservation: Reservation;
  isOpen: boolean;
  onClose: () => void;
  /** The reservation as the server answers it after the refund was sent. */
  onRefunded: (reservation: Reservation) => void;
}

/**
 * Asks how much to refund (everything left, to start with) and why, then sends the refund. A
 * refusal shows under its field, or above the buttons, and what was typed stays.
 */
export function RefundDialog({ reservation: r, isOpen, onClose, onRefunded }: RefundDialogProps) {
  const left = refundableAmount(r);
  const [amount, setAmount] = useState(() => toPounds(left));
  const [reason, setReason] = useState<string>(NO_REASON);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const pounds = r.currency === 'gbp' ? 'pounds' : r.currency.toUpperCase();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const pence = parsePounds(amount);
    if (pence === null || pence <= 0) {
      setErrors({ amount: `Enter the amount to refund in ${pounds}, such as ${toPounds(left)}.` });
      return;
    }
    if (pence > left) {
      setErrors({
        amount: `The amount to refund can be at most ${formatMoney(left, r.currency)}, what is left to refund.`,
      });
      return;
    }
    setPending(true);
    setErrors({});
    setMessage(null);
    try {
      const answer = await api.reservations.refund({
        body: { id: r.id, amount: pence, reason: reason === NO_REASON ? null : (reason as RefundReason) },
      });
      toast.success(answer.message);
      onRefunded(answer.data);
    } catch (failure) {
      const { message: said, fieldErrors } = describeFailure(failure);
      const { amount: amountError, reason: reasonError, ...others } = fieldErrors;
      setErrors({
        ...(amountError ? { amount: amountError } : {}),
        ...(reasonError ? { reason: reasonError } : {}),
      });
      // A refusal of the reservation itself (nothing left, Stripe's words) or of the call shows above the buttons.
      setMessage(Object.values(others)[0] ?? (amountError || reasonError ? null : said));
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal isOpen={isOpen} onClose={onClose} title="Refund" size="sm">
      <form onSubmit={submit} noValidate className={styles.refundForm}>
        <p className={styles.refundLeft}>
          Left to refund: {formatMoney(left, r.currency)} of {formatMoney(r.amount, r.currency)}, to the card
          it was paid with.
        </p>
        <Field
          field={stateFieldMeta('amount', errors.amount, { required: true })}
          label={`Amount in ${pounds}`}
          inputMode="decimal"
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setErrors(({ amount: _gone, ...rest }) => rest);
          }}
        />
        <Field
          kind="select"
          field={stateFieldMeta('reason', errors.reason)}
          label="Reason"
          items={reasons}
          selectedKey={reason}
          onSelectionChange={(key) => setReason(String(key ?? NO_REASON))}
        />
        {message ? (
          <p role="alert" className={styles.refundError}>
            {message}
          </p>
        ) : null}
        <div className={styles.refundActions}>
          <Button variant="ghost" onPress={onClose}>
            Cancel
          </Button>
          {pending ? <Loader label="Sending the refund" /> : null}
          <Button type="submit" variant="danger" aria-disabled={pending || undefined}>
            Refund
          </Button>
        </div>
      </form>
    </Modal>
  );
}
