export { apiKey, noAuth, staticToken, type AuthContext, type AuthStrategy } from './strategy';
