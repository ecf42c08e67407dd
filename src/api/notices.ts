// The patient's channel and messages (docs/whatsapp.md): read on /profil, saved from there.
import type { NoticeChoice, SaveNoticeChoice } from '../../common/schemas/index.ts';
import { read, type Result, write } from './http.ts';

export const getNoticeChoice = (): Promise<Result<NoticeChoice>> => read('notices');

export const saveNoticeChoice = (choice: SaveNoticeChoice): Promise<Result<NoticeChoice>> => write('saveNotices', choice);
