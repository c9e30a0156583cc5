/** The shell's greeting by hour (spec 000 §4): before 12 morning, 12 to 14 noon, 14 to 19 afternoon, otherwise evening. */
export type GreetingKey = 'home.greeting.morning' | 'home.greeting.noon' | 'home.greeting.afternoon' | 'home.greeting.evening';

export function greetingKey(hour: number): GreetingKey {
  if (hour < 12) return 'home.greeting.morning';
  if (hour < 14) return 'home.greeting.noon';
  if (hour < 19) return 'home.greeting.afternoon';
  return 'home.greeting.evening';
}
