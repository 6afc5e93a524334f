// Moved to the one UI kit (client/ui/Banner.tsx); kept so existing imports still resolve.
export { StatusBanner, hideBanner, showError, showSuccess } from '../../ui/Banner'
