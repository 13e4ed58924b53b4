/** English texts of the signature and rating blocks; the spec's rating names come from the shared messages. */
import { signrateSharedTexts } from './signrate-shared-texts';
import type { SignrateTextKey } from './signrate-zh';

export const signrateEn: Record<SignrateTextKey, string> = {
  ...signrateSharedTexts('en'),

  'signature.title': 'Signature',
  'signature.askBefore': 'An item of this order needs your signature before payment',
  'signature.askAfter': 'An item of this order needs your signature after payment',
  'signature.waiting': 'Waiting for the person who created the order to sign',
  'signature.unsignedNow': 'Not signed',
  'signature.signNow': 'Sign',
  'signature.signedAt': 'Signed · {time}',
  'signature.imageAlt': 'Signature of the order',
  'signature.declarationTitle': 'What you are signing',
  'signature.declarationDefault':
    'I have checked the items and amounts above; they are correct and I pay them of my own accord.',
  'signature.padTitle': 'Sign inside the box',
  'signature.padLabel': 'Signature pad',
  'signature.landscapeHint': 'Narrow screen: turn your phone sideways for more room',
  'signature.confirmNote': 'Once confirmed, a signature cannot be replaced',
  'signature.clear': 'Clear',
  'signature.confirm': 'Confirm',
  'signature.close': 'Close',
  'signature.saved': 'Signature saved',
  'signature.payWaits': 'Sign first, then continue to pay',

  'rating.title': 'Rating',
  'rating.prompt': 'Rate this payment service',
  'rating.star': '{score} stars: {name}',
  'rating.commentLabel': 'Comment',
  'rating.commentPlaceholder': 'Tell us more (optional)',
  'rating.submit': 'Submit rating',
  'rating.thanks': 'Thank you for your rating',
  'rating.yours': '{score} stars · {name}',
};
