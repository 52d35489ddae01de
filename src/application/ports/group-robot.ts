import { type RobotAnswer, type RobotTarget } from '../../domain/notifications/webhook.ts';

/** Sends one text message to a chat group's robot (WeCom, DingTalk, Feishu), signed as that robot wants. */
export interface GroupRobot {
  /**
   * Answers what the robot said (`ok` only for errcode/code 0 on a 2xx). Throws the guarded client's DomainErrors
   * (`OUTBOUND_REFUSED`, `OUTBOUND_TIMEOUT`, `OUTBOUND_FAILED`) when it could not be reached.
   */
  send(target: RobotTarget, text: string): Promise<RobotAnswer>;
}
