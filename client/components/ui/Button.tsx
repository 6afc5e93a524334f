// Moved to the one UI kit (client/ui/Button.tsx); kept so existing imports still resolve.
export { Button } from '../../ui/Button'
