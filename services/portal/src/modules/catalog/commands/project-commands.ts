import { Injectable } from '@nestjs/common';
import type { CommandContext } from '../../../platform/event-store/command-context';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { clientStreamId } from '../domain/client';
import { ownerStreamId } from '../domain/owner';
import {
  projectDecider,
  projectStreamId,
  type OpenProject,
  type ProjectReferences,
  type ProjectTerms,
  type UpdateProject,
} from '../domain/project';
import { runRuleCommand, streamExists, type CommandAnswer } from './run-rule-command';

export type OpenProjectInput = OpenProject['data'];
export type UpdateProjectInput = UpdateProject['data'];

/** Open, update, close and reopen a project: each loads `project-{id}`, decides and appends. */
@Injectable()
export class ProjectCommandHandlers {
  constructor(private readonly store: EventStore) {}

  /** Looks up the client and owner a command names in their own streams (never behind projections). */
  private async references(terms: Partial<ProjectTerms>): Promise<ProjectReferences> {
    const [clientExists, ownerExists] = await Promise.all([
      typeof terms.clientId === 'number' ? streamExists(this.store, clientStreamId(terms.clientId)) : true,
      typeof terms.ownerId === 'number' ? streamExists(this.store, ownerStreamId(terms.ownerId)) : true,
    ]);
    return { clientExists, ownerExists };
  }

  async open(input: OpenProjectInput, context: CommandContext): Promise<CommandAnswer> {
    const references = await this.references(input);
    return this.run(input.projectId, { type: 'OpenProject', data: input, references }, context);
  }

  async update(input: UpdateProjectInput, context: CommandContext): Promise<CommandAnswer> {
    const references = await this.references(input);
    return this.run(input.projectId, { type: 'UpdateProject', data: input, references }, context);
  }

  close(projectId: number, context: CommandContext): Promise<CommandAnswer> {
    return this.run(projectId, { type: 'CloseProject', data: { projectId } }, context);
  }

  reopen(projectId: number, context: CommandContext): Promise<CommandAnswer> {
    return this.run(projectId, { type: 'ReopenProject', data: { projectId } }, context);
  }

  private run(
    projectId: number,
    command: Parameters<typeof projectDecider.decide>[0],
    context: CommandContext,
  ): Promise<CommandAnswer> {
    return runRuleCommand(this.store, projectStreamId(projectId), projectDecider, command, context);
  }
}
