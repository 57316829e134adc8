/**
 * Base words of the most common passwords in public breach corpora (RockYou, the "top 10,000"
 * lists, NCSC's 100k list): what is left of a leaked password once its leading and trailing digits
 * and symbols are stripped and leetspeak undone. A password built from one of these plus digits,
 * symbols or repetition is refused however long it is.
 */
export const COMMON_PASSWORD_WORDS: ReadonlySet<string> = new Set(
  `password passwd pass pw qwerty qwertz azerty qwertyuiop asdf asdfgh asdfghjkl zxcvbn zxcvbnm qazwsx
  letmein welcome welcomeback admin administrator root login user guest test tester testing demo default
  changeme secret private master access hello hi iloveyou loveyou ilove love lover lovely
  monkey dragon shadow sunshine princess prince football baseball basketball soccer hockey
  superman batman spiderman starwars pokemon trustno trustnoone whatever freedom flower flowers
  charlie michael jordan jennifer hunter killer ranger buster thomas robert daniel andrew joshua
  jessica ashley michelle nicole matthew anthony william soccer summer winter spring autumn
  pepper ginger cookie cheese chocolate banana orange apple computer internet google yahoo
  facebook linkedin twitter instagram microsoft windows linux ubuntu mustang corvette ferrari
  harley yamaha mercedes porsche liverpool arsenal chelsea barcelona juventus manchester
  money dollar bitcoin crypto blockchain cowboys eagles yankees lakers steelers packers
  tigger pussy kitty kitten puppy doggy doggie lucky happy smile angel angels heaven
  jesus christ god blessed faith hope destiny forever always family friends friend
  secure security safety protect password123 abc abcd abcde abcdef abcdefg abcdefgh
  qwe qweasd qweasdzxc asd zaq zaqwsx xsw wsx edc rfv tgb yhn ujm
  flight flights airline airlines travel agency booking gateway flightagg developer api apikey
  mypassword yourpassword newpassword oldpassword temp temporary passpass word
  correcthorsebatterystaple letmeinplease iloveyouforever ihateyou fuckyou fuck
  matrix phoenix samsung nokia iphone android playstation xbox nintendo minecraft fortnite
  diamond silver golden gold platinum tiger lion wolf bear eagle falcon hawk shark
  dallas chicago london paris berlin madrid newyork boston texas california florida
  january february march april june july august september october november december
  monday tuesday wednesday thursday friday saturday sunday`
    .split(/\s+/)
    .filter(Boolean),
);

/** Keyboard rows, the alphabet and the digits, in both directions: runs along them are not secrets. */
export const KEYBOARD_SEQUENCES = [
  'abcdefghijklmnopqrstuvwxyz',
  '0123456789',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'qwertyuiopasdfghjklzxcvbnm',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p',
  'qazwsxedcrfvtgbyhnujmikolp',
  '1q2w3e4r5t6y7u8i9o0p',
  'zaq1xsw2cde3vfr4bgt5nhy6mju7',
];
