// Moved to the one UI kit (client/ui/TextField.tsx); kept so existing imports still resolve.
export { TextField } from '../../ui/TextField'
