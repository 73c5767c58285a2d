import { describe, expect, it } from 'vitest';
import {
  BoardSectionOrderSchema,
  CreateBoardSchema,
  CreateBoardSectionSchema,
  UpdateBoardSchema,
} from './boards.ts';
import { ERRORS } from './errors.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('board write schemas', () => {
  it('trim the board name and name their failures by catalogue code', () => {
    expect(CreateBoardSchema.parse({ name: '  Lamps ' }).name).toBe('Lamps');
    expect(firstMessage(CreateBoardSchema.safeParse({}))).toBe('board_name_required');
    expect(firstMessage(CreateBoardSchema.safeParse({ name: '  ' }))).toBe('board_name_required');
    expect(firstMessage(CreateBoardSchema.safeParse({ name: 'x'.repeat(51) }))).toBe('board_name_too_long');
    expect(firstMessage(CreateBoardSchema.safeParse({ name: 'ok', description: 'd'.repeat(501) }))).toBe(
      'board_description_too_long',
    );
    expect(CreateBoardSchema.safeParse({ name: 'ok', extra: 1 }).success).toBe(false);
  });

  it("keep the product's words", () => {
    expect(ERRORS.board_name_required.message).toBe("Don't forget to name your board!");
    expect(ERRORS.board_name_too_long.message).toBe('Please enter no more than 50 characters.');
    for (const code of [
      'board_action_in_progress_create',
      'board_action_in_progress_update',
      'board_action_in_progress_delete',
    ] as const) {
      expect(ERRORS[code].message).toBe('Please wait until the previous board action finishes.');
    }
    expect(
      [
        ERRORS.board_action_in_progress_create.apiCode,
        ERRORS.board_action_in_progress_update.apiCode,
        ERRORS.board_action_in_progress_delete.apiCode,
      ].sort(),
    ).toEqual([2171, 2172, 2173]);
  });

  it('take only public or secret on edit', () => {
    expect(UpdateBoardSchema.safeParse({ privacy: 'secret' }).success).toBe(true);
    expect(UpdateBoardSchema.safeParse({ privacy: 'protected' }).success).toBe(false);
  });

  it('validate sections: trimmed name, name source 0-2 (0 by default), pin ids', () => {
    expect(CreateBoardSectionSchema.parse({ name: ' Rugs ' })).toEqual({ name: 'Rugs', name_source: 0 });
    expect(firstMessage(CreateBoardSectionSchema.safeParse({ name: ' ' }))).toBe('section_name_required');
    expect(CreateBoardSectionSchema.safeParse({ name: 'ok', name_source: 3 }).success).toBe(false);
    expect(CreateBoardSectionSchema.safeParse({ name: 'ok', initial_pins: ['12'] }).success).toBe(true);
    expect(BoardSectionOrderSchema.safeParse({ section_ids: ['1', 'x'] }).success).toBe(false);
  });
});
