import type { ServerCatalog } from '../catalogs'

export const plServer: ServerCatalog = {
  'mail.login_code_subject': 'Kod logowania',
  'mail.login_code_body':
    'Twój kod logowania: {code}. Jest ważny 10 minut. Jeśli go nie zamawiałeś, zignoruj tę wiadomość.',
  'sms.login_code': 'Kod logowania: {code}. Ważny 10 min.',
  'mail.confirm_subject': 'Potwierdź e-mail',
  'mail.confirm_body': 'Aby potwierdzić e-mail, otwórz link: {link}',
  'mail.password_reset_subject': 'Kod do resetowania hasła',
  'mail.password_reset_body':
    'Twój kod do resetowania hasła: {code}. Jest ważny 30 minut. Jeśli go nie zamawiałeś, zignoruj tę wiadomość.',
  'sms.password_reset': 'Kod resetowania hasła: {code}. Ważny 30 min.',
  'sms.phone_confirm': 'Kod potwierdzenia telefonu: {code}.',
  'mail.new_password_subject': 'Twoje nowe hasło',
  'mail.new_password_body': 'Twoje nowe hasło do logowania: {password}. Zalecamy zmianę po zalogowaniu.',
  'sms.new_password': 'Twoje nowe hasło: {password}',
  'sms.order_client':
    'Twoje zgłoszenie nr {order} zostało przyjęte. Znajdziemy korepetytora i skontaktujemy się z Tobą.',
  'sms.order_client_tutor':
    'Zgłoszenie nr {order}: Twój korepetytor to {tutor}, tel. {phone}. Skontaktuje się w sprawie pierwszej lekcji.',
  'sms.order_tutor': 'Zgłoszenie nr {order}: klient {client}, tel. {phone}. Skontaktuj się w sprawie pierwszej lekcji.',
  'catalogue.h1': 'Korepetycje: {subject}',
  'catalogue.h1_place': 'Korepetycje: {subject} — {place}',
  'catalogue.title': '{subject}: korepetytorzy, ceny i opinie',
  'catalogue.title_place': '{subject} — {place}: korepetytorzy, ceny i opinie',
  'catalogue.metad':
    '{count} korepetytorów: {subject} {place}. Porównaj ceny i opinie i wybierz nauczyciela na {site}.',
  'catalogue.online': 'online',
  'errors.refund_not_paid': 'Zwrócić można tylko opłaconą płatność',
  'errors.refund_too_much': 'Kwota jest większa niż to, co można jeszcze zwrócić',
  'errors.refund_spent': 'Korepetytor wydał już te środki z portfela',
  'errors.refund_no_provider': 'Operator tej płatności nie jest skonfigurowany',
  'errors.refund_refused': 'Operator płatności odmówił zwrotu',
  'errors.oauth_unavailable': 'Logowanie przez konto zewnętrzne nie jest skonfigurowane',
  'errors.oauth_state': 'Logowanie wygasło lub zostało już użyte. Zacznij od nowa',
  'errors.oauth_token': 'Dostawca logowania nie potwierdził Twojego konta',
  'errors.oauth_no_account': 'Z tym logowaniem zewnętrznym nie jest powiązane żadne konto',
  'validation.oauth_email_unverified': 'Dostawca nie potwierdził tego adresu e-mail',
  'validation.no_phone': 'Brak numeru telefonu, na który można zadzwonić',
  // Orders: personal requests, client refusals (orders-people)
  'mail.tutor_welcome_subject': 'Witamy w {site}! Co dalej',
  'mail.tutor_welcome_body':
    'Witaj, {name}!\nTwoje konto korepetytora jest gotowe. Co dalej:\n1. Potwierdź e-mail i telefon.\n2. Uzupełnij profil: przedmioty i poziomy, ceny, miejsca zajęć, zdjęcie i opis.\n3. Zobacz, jak uczniowie zobaczą Twój profil, i wyślij go do weryfikacji.\nModerator sprawdza profil zwykle w ciągu jednego dnia roboczego; napiszemy, gdy tylko pojawi się w katalogu.\nTwoje konto: {link}',
  'mail.tutor_live_subject': 'Twój profil jest w katalogu',
  'mail.tutor_live_body':
    'Gratulacje, {name}! Moderator zatwierdził profil i uczniowie już widzą go w katalogu.\nTwoja strona: {link}',
  'mail.tutor_sent_back_subject': 'Profil wymaga poprawek',
  'mail.tutor_sent_back_body':
    '{name}, moderator odesłał profil do poprawek.\nPowód: {reason}\nPopraw go i wyślij do weryfikacji ponownie: {link}',
  'mail.content_revision_subject': 'Wymaga poprawek: {title}',
  'mail.content_revision_body':
    'Moderator odesłał „{title}” do poprawy.\nPowód: {reason}\nPopraw i zapisz ponownie na koncie: {link}',
  'mail.personal_order_subject': 'Nowe zgłoszenie osobiste',
  'mail.personal_order_body':
    '{client_name} wysłał(a) Ci zgłoszenie osobiste nr {order_id}. Otwórz konto, aby odpowiedzieć: {link}',
  'sms.personal_order': 'Nowe zgłoszenie osobiste nr {order_id} od {client_name}. Odpowiedz na koncie.',
  'errors.no_order_fee':
    'Dla przedziału cenowego tego zlecenia nie ustawiono prowizji. Ustaw ją w „Prowizje za zlecenia” i przydziel ponownie.',
  'errors.client_blacklisted': 'Nie możemy przyjąć zgłoszenia z tego konta. Skontaktuj się z pomocą.',
  'errors.review_exists': 'To zamówienie ma już opinię',
  // Invoices (server/domain/billing/invoices.ts)
  'invoice.title': 'Faktura nr {number}',
  'invoice.date': 'Data zapłaty',
  'invoice.seller': 'Sprzedawca',
  'invoice.buyer': 'Nabywca',
  'invoice.tax_id': 'NIP',
  'invoice.iban': 'IBAN',
  'invoice.description': 'Opis',
  'invoice.net': 'Kwota netto',
  'invoice.tax': 'VAT {percent}%',
  'invoice.no_tax': 'Bez VAT',
  'invoice.total': 'Razem zapłacono',
  'invoice.paid_via': 'Sposób płatności: {provider}',
  'pay.number': 'płatność nr {id}',
  'invoice.purpose_wallet': 'Doładowanie portfela',
  'invoice.purpose_order': 'Prowizja za zgłoszenie nr {order}',
  'invoice.purpose_top': 'Wyróżnienie TOP, {days} dni',
  // Site reviews (server/domain/site/public-site-reviews.ts)
  'mail.site_review_subject': 'Potwierdź swoją opinię',
  'mail.site_review_body':
    '{name}, dziękujemy za opinię! Aby ją opublikować, otwórz link: {link}\nJeśli nie zostawiałeś(-aś) opinii, zignoruj tę wiadomość.',
}
