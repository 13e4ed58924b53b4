/** English texts of the Mine screens (every key of profile-zh.ts). */
import { profileAppMessages } from '@cf/shared/messages/profile';
import type { ProfileTextKey } from './profile-zh';
import { allTextsOf } from './shared-texts';

export const profileEn: Record<ProfileTextKey, string> = {
  ...allTextsOf(profileAppMessages, 'en'),

  'mine.loadFailed': 'Your details could not be loaded, please try again later',
  'mine.notBound': 'No school identity is bound yet',
  'mine.bindNow': 'Bind now',
  'mine.studentNo': 'Student no.',
  'mine.employeeNo': 'Staff no.',
  'mine.idCard': 'ID card no.',
  'mine.name': 'Name',
  'mine.startYear': 'Admitted',
  'mine.className': 'Class',
  'mine.department': 'Department',
  'mine.phone': 'Phone',
  'mine.bankCard': 'Bank card',
  'mine.bankName': 'Bank',
  'mine.province': 'Province',
  'mine.city': 'City',
  'mine.email': 'E-mail',
  'mine.notSet': 'Not set',
  'mine.schoolRecord': 'School record',
  'mine.schoolRecordHint': 'The school keeps these details; if one is wrong, contact the finance office.',
  'mine.contact': 'Contact and bank details',
  'mine.change': 'Change',
  'mine.settings': 'Settings',
  'mine.version': 'Version',
  'mine.signOut': 'Sign out',

  'mine.stepProveFinance': 'Step 1: verify the phone on file',
  'mine.proveFinanceHint':
    'To keep your money safe, confirm it is you with a code sent to the phone on file before changing the bank card or e-mail.',
  'mine.needPhone': 'Set a finance-reserved phone first, then change the bank card or e-mail.',
  'mine.setPhone': 'Set the phone',

  'mine.currentCard': 'Card on file',
  'mine.stepBank': 'Step 2: the new bank card',
  'mine.newCard': 'Card no.',
  'mine.cardPlaceholder': '16–19 digits',
  'mine.chooseBank': 'Choose the bank',
  'mine.region': 'Region',
  'mine.chooseRegion': 'Province and city',
  'mine.regionFailed': 'The region list could not be loaded, please try again',
  'mine.bankSaved': 'Bank card changed',

  'mine.currentPhone': 'Phone on file',
  'mine.stepNewPhone': 'Step 2: the new phone',
  'mine.newPhone': 'New phone',
  'mine.newPhoneHint': 'Type the picture code; the SMS code then goes to the new phone.',
  'mine.captchaRequired': 'Please enter the picture code',
  'mine.phoneSaved': 'modified successfully',

  'mine.currentEmail': 'E-mail on file',
  'mine.stepEmail': 'Step 2: the new e-mail',
  'mine.newEmail': 'New e-mail',
  'mine.emailPlaceholder': 'name@example.com',
  'mine.emailCode': 'Mail code',
  'mine.emailHint': 'The code goes to the new address and is valid for 10 minutes.',
  'mine.emailSent': 'The code was sent to the new e-mail',
  'mine.emailSaved': 'E-mail changed',
  'mine.submit': 'Save',
};
