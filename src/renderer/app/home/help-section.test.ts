import { describe, expect, it } from 'vitest';
import { helpUrlAt } from './help-section';

describe('helpUrlAt', () => {
  const pdf = 'app://console/help/console-help.en_US.pdf';
  it('opens the PDF at the section of the screen’s route, forms included', () => {
    expect(helpUrlAt(pdf, '/user')).toBe(`${pdf}#nameddest=screen-user`);
    expect(helpUrlAt(pdf, '/userManage/12')).toBe(`${pdf}#nameddest=screen-userManage-userId`);
    expect(helpUrlAt(pdf, '/depManage/3/1')).toBe(`${pdf}#nameddest=screen-depManage-deptId-pardId`);
    expect(helpUrlAt(pdf, '/Home')).toBe(`${pdf}#nameddest=screen-Home`);
  });

  it('opens the PDF at its start where no screen matches', () => {
    expect(helpUrlAt(pdf, '/')).toBe(pdf);
    expect(helpUrlAt(pdf, '/no-such-screen')).toBe(pdf);
  });
});
