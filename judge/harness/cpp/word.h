// The P8079 contest's header, for a submission that includes it: its two entry points.
#ifndef JUDGE_WORD_H
#define JUDGE_WORD_H
void init(int num_scramble, const char* scramble);
const char* guess(int num_testcase, int remaining_guesses, char initial_letter, bool* gold,
                  bool* silver);
#endif
