/**
 * Every sentence the history bridge shows a person, in one place. Where seed 000 gives the text, it is used
 * word for word (with the placeholders filled in); the rest follows the same voice.
 */

/**
 * A version's label inside a sentence's own parentheses: "5 minutes ago (File Saved)" reads "5 minutes ago, File
 * Saved" there, so no sentence shows nested parentheses ("(Timestamp: 5 minutes ago (File Saved))").
 */
export function flatWhen(when: string): string {
  return when.replace(/\s*\(([^()]*)\)\s*$/, ', $1');
}

/** The modal before an agent sees which versions exist (seed 000, Tool 1 "Interaction Model" step 2). */
export function requestVersionsPrompt(file: string, requester = 'AI Agent'): string {
  return `${requester} is requesting access to historical versions for '${file}'.`;
}

export const REQUEST_VERSIONS_DETAIL = 'If you allow, you choose which versions the agent may see. Nothing is shared if you deny.';

/** The modal before an agent gets one version's content (seed 000, Tool 2 "Interaction Model" step 2). */
export function versionContentPrompt(file: string, when: string, requester = 'AI Agent'): string {
  return `${requester} is requesting to view the content of a historical version of '${file}' (Timestamp: ${flatWhen(when)}).`;
}

export const VERSION_CONTENT_DETAIL = 'If you allow, the agent receives the full text of this one version.';

/** After the user picked versions for the agent (seed 000, "Respond to AI Agent's request", step 3). */
export function versionsAvailable(count: number, file: string): string {
  return count === 1
    ? `1 historical version of ${file} is now available for the AI agent to list.`
    : `${count} historical versions of ${file} are now available for the AI agent to list.`;
}

/** After the user allowed one version's content (seed 000, agent-initiated workflow step 7). */
export function contentAvailable(file: string, when: string): string {
  return `Historical content of ${file} (${flatWhen(when)}) has been made available to the AI Agent.`;
}

/** An agent's version picker was closed without an answer (Escape, or another quick input took its place). */
export function requestParked(file: string): string {
  return `The AI agent's request for the history of ${file} is still waiting. Answer it from the status bar or with "Agent History Helper: Respond to AI Agent's Request for History".`;
}

/** After any "Deny" (seed 000, "Respond to AI Agent's request", step 4). */
export function accessDenied(file: string): string {
  return `Access to historical versions for ${file} was denied.`;
}

/** After "Share historical version with AI Agent" (seed 000, command step 7). */
export function shareReady(file: string, when: string): string {
  return `Historical content for ${file} (${flatWhen(when)}) is ready. Inform your AI agent it can request this content.`;
}

/** A history read failed (seed 000, "API Failures/Inaccessible History"). */
export function couldNotAccess(file: string): string {
  return `History Helper could not access history for ${file}.`;
}

/** The agent fetched what the user shared (seed 000 "Transparency": every share is visible). */
export function sharedRetrieved(file: string, when: string): string {
  return `The AI agent retrieved the historical content of ${file} (${flatWhen(when)}) that you shared.`;
}

export function noLocalHistory(file: string): string {
  return `No local history is available for ${file}. VS Code records a version each time you save the file.`;
}

export const NO_WAITING_REQUESTS = "No AI agent request for history is waiting.";

export function clearedShared(hadAny: boolean): string {
  return hadAny
    ? 'Cleared the historical content shared with the AI agent. Version ids it was given no longer work.'
    : 'Nothing was shared with the AI agent.';
}

export const WORKSPACE_FILES_ONLY = 'History Helper works with files of the open workspace folders.';
