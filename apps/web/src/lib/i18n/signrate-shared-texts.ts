/** The signature and rating texts the server says too (packages/shared/src/messages/{signature,rating}.ts). */
import { ratingMessages } from '@cf/shared/messages/rating';
import { signatureMessages } from '@cf/shared/messages/signature';
import { textsOf } from './shared-texts';

export const signrateSharedTexts = (language: 'zh' | 'en') => ({
  ...textsOf(
    ratingMessages,
    [
      'rating.name.5',
      'rating.name.4',
      'rating.name.3',
      'rating.name.2',
      'rating.name.1',
      'rating.name.0',
      'rating.commentTooLong',
    ],
    language,
  ),
  ...textsOf(signatureMessages, ['signature.empty'], language),
});
