/** The help context's public entry: the only file other code may import. */
export { HelpModule } from './help.module';
export { SendSupportMessageCommand } from './commands/send-support-message';
