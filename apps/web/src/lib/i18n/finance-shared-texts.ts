/** The finance section's texts the server says too, from packages/shared/src/messages/finance.ts. */
import { financeMessages } from '@cf/shared/messages/finance';
import { textsOf } from './shared-texts';

export const financeSharedTexts = (language: 'zh' | 'en') =>
  textsOf(
    financeMessages,
    [
      'fee.amountTooLarge',
      'fee.formFieldsRequired',
      'fee.amountInvalid',
      'fee.nothingToPay',
      'fee.itemsRequired',
      'fee.quantityInvalid',
      'fee.topupOutOfRange',
      'fee.payMethodRequired',
      'fee.payDateRequired',
      'fee.payDateInvalid',
      'fee.offlineRecorded',
      'fee.evidenceType',
      'fee.evidenceTooLarge',
      'fee.evidenceTooMany',
    ],
    language,
  );
