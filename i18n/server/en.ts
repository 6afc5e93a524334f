import type { ServerCatalog } from '../catalogs'

export const enServer: ServerCatalog = {
  'mail.login_code_subject': 'Your sign-in code',
  'mail.login_code_body':
    'Your sign-in code: {code}. It is valid for 10 minutes. If you did not ask for it, ignore this e-mail.',
  'sms.login_code': 'Sign-in code: {code}. Valid 10 min.',
  'mail.confirm_subject': 'Confirm your e-mail',
  'mail.confirm_body': 'To confirm your e-mail, open this link: {link}',
  'mail.password_reset_subject': 'Password reset code',
  'mail.password_reset_body':
    'Your password reset code: {code}. It is valid for 30 minutes. If you did not ask for it, just ignore this e-mail.',
  'sms.password_reset': 'Password reset code: {code}. Valid 30 min.',
  'sms.phone_confirm': 'Phone confirmation code: {code}.',
  'mail.new_password_subject': 'Your new password',
  'mail.new_password_body': 'Your new sign-in password: {password}. We suggest changing it after you sign in.',
  'sms.new_password': 'Your new password: {password}',
  'sms.order_client': 'Your request #{order} is received. We will find a tutor and contact you.',
  'sms.order_client_tutor':
    'Request #{order}: your tutor is {tutor}, phone {phone}. They will contact you about the first lesson.',
  'sms.order_tutor': 'Request #{order}: client {client}, phone {phone}. Please contact them about the first lesson.',
  'catalogue.h1': '{subject} tutors',
  'catalogue.h1_place': '{subject} tutors — {place}',
  'catalogue.title': '{subject} tutors: prices and reviews',
  'catalogue.title_place': '{subject} tutors — {place}: prices and reviews',
  'catalogue.metad': '{count} {subject} tutors {place}. Compare prices and reviews and choose your tutor on {site}.',
  'catalogue.online': 'online',
  'errors.refund_not_paid': 'Only a paid payment can be refunded',
  'errors.refund_too_much': 'The amount is more than what can still be refunded',
  'errors.refund_spent': 'The tutor has already spent this money from the wallet',
  'errors.refund_no_provider': "This payment's provider is not configured",
  'errors.refund_refused': 'The payment provider refused the refund',
  'errors.oauth_unavailable': 'Sign-in with an external account is not configured',
  'errors.oauth_state': 'The sign-in has expired or was already used. Please start again',
  'errors.oauth_token': 'The sign-in provider could not confirm your account',
  'errors.oauth_no_account': 'No account is linked to this external sign-in',
  'validation.oauth_email_unverified': 'The provider has not confirmed this e-mail address',
  'validation.no_phone': 'There is no phone number to call',
  // Orders: personal requests, client refusals (orders-people)
  'mail.tutor_welcome_subject': 'Welcome to {site}! What happens next',
  'mail.tutor_welcome_body':
    'Hello {name}!\nYour tutor account is ready. What happens next:\n1. Confirm your e-mail and phone.\n2. Fill in your profile: subjects and levels, prices, places, a photo and a few words about you.\n3. Preview how students will see it and send it for review.\nA moderator usually reviews a profile within one working day; we will write to you as soon as it is listed.\nYour account: {link}',
  'mail.tutor_live_subject': 'Your profile is live',
  'mail.tutor_live_body':
    'Congratulations, {name}! A moderator approved your profile and students can now find it in the catalogue.\nYour page: {link}',
  'mail.tutor_sent_back_subject': 'Your profile needs changes',
  'mail.tutor_sent_back_body':
    '{name}, a moderator sent your profile back for changes.\nReason: {reason}\nFix it and send it for review again: {link}',
  'mail.content_revision_subject': 'Needs revision: {title}',
  'mail.content_revision_body':
    'A moderator sent “{title}” back for revision.\nReason: {reason}\nFix it and save it again in your account: {link}',
  'mail.personal_order_subject': 'New personal request',
  'mail.personal_order_body':
    '{client_name} sent you personal request no. {order_id}. Open your account to answer: {link}',
  'sms.personal_order': 'New personal request no. {order_id} from {client_name}. Answer in your account.',
  'errors.no_order_fee': 'No fee is set for this order\'s price band. Set it under "Order fees" and appoint again.',
  'errors.client_blacklisted': 'We cannot accept a request from this account. Please contact support.',
  'errors.review_exists': 'This order has already been reviewed',
  // Invoices (server/domain/billing/invoices.ts)
  'invoice.title': 'Invoice no. {number}',
  'invoice.date': 'Date paid',
  'invoice.seller': 'Seller',
  'invoice.buyer': 'Buyer',
  'invoice.tax_id': 'Tax ID',
  'invoice.iban': 'IBAN',
  'invoice.description': 'Description',
  'invoice.net': 'Net amount',
  'invoice.tax': 'Tax {percent}%',
  'invoice.no_tax': 'No tax',
  'invoice.total': 'Total paid',
  'invoice.paid_via': 'Paid with: {provider}',
  'pay.number': 'payment no. {id}',
  'invoice.purpose_wallet': 'Wallet top-up',
  'invoice.purpose_order': 'Fee for request no. {order}',
  'invoice.purpose_top': 'TOP placement, {days} days',
  // Site reviews (server/domain/site/public-site-reviews.ts)
  'mail.site_review_subject': 'Confirm your review',
  'mail.site_review_body':
    '{name}, thank you for your review! To publish it, open this link: {link}\nIf you did not leave a review, just ignore this e-mail.',
}
