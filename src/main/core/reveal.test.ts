import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileManagerRevealer, revealCommand, startDetached, type OpenerCommand } from './reveal';

describe('show in folder by the file manager', () => {
  it('names the file manager of each system with the file or its folder', () => {
    const file = path.join('/home/ann/Downloads', 'operation log.xlsx');
    expect(revealCommand(file, 'linux')).toEqual({ command: 'xdg-open', args: ['/home/ann/Downloads'] });
    expect(revealCommand(file, 'darwin')).toEqual({ command: 'open', args: ['-R', file] });
    expect(revealCommand('C:\\Users\\Ann\\Downloads\\a b.xlsx', 'win32')).toEqual({ command: 'explorer', args: ['/select,"C:\\Users\\Ann\\Downloads\\a b.xlsx"'], verbatim: true });
  });

  it('runs the command through the injected runner, and fails when the command cannot start', async () => {
    const ran: OpenerCommand[] = [];
    await fileManagerRevealer('darwin', async (opener) => void ran.push(opener))('/tmp/x.xlsx');
    expect(ran).toEqual([{ command: 'open', args: ['-R', '/tmp/x.xlsx'] }]);
    await expect(startDetached({ command: '/nonexistent/file-manager', args: [] })).rejects.toThrow(/could not be started/);
  });
});
