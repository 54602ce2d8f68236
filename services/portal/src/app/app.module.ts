import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Clock } from '../platform/clock/clock';
import type { PortalConfig } from '../platform/config/config';
import { PlatformModule } from '../platform/platform.module';

export interface AppModuleOptions {
  readonly clock?: Clock;
}

@Module({})
export class AppModule {
  static forRoot(config: PortalConfig, options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [CqrsModule.forRoot(), PlatformModule.forRoot(config, { clock: options.clock })],
    };
  }
}
