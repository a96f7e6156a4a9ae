"""Account pages under /accounts/."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import path

from accounts import bot_views, follow_views, ladder_views, views

T = "accounts/"

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "password-reset/",
        views.LimitedPasswordResetView.as_view(),
        name="password_reset",
    ),
    path(
        "password-reset/sent/",
        auth_views.PasswordResetDoneView.as_view(template_name=T + "password_reset_done.html"),
        name="password_reset_done",
    ),
    path(
        "reset/<uidb64>/<token>/",
        views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "reset/done/",
        auth_views.PasswordResetCompleteView.as_view(
            template_name=T + "password_reset_complete.html"
        ),
        name="password_reset_complete",
    ),
    path(
        "password-change/",
        views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "password-change/done/",
        auth_views.PasswordChangeDoneView.as_view(template_name=T + "password_change_done.html"),
        name="password_change_done",
    ),
    path("profile/", views.profile, name="profile"),
    path("sign-out-everywhere/", views.sign_out_everywhere, name="sign-out-everywhere"),
    path("following/", follow_views.following, name="following"),
    path("bots/", bot_views.bot_list, name="my-bots"),
    path("bots/<int:bot_id>/", bot_views.bot_detail, name="my-bot"),
    path("bots/<int:bot_id>/tokens/", bot_views.token_rotate, name="my-bot-rotate"),
    path(
        "bots/<int:bot_id>/tokens/<int:token_id>/revoke/",
        bot_views.token_revoke_one,
        name="my-bot-revoke",
    ),
    path(
        "bots/<int:bot_id>/webhook-secret/",
        bot_views.webhook_secret_new,
        name="my-bot-webhook-secret",
    ),
    path("bots/<int:bot_id>/retire/", bot_views.retire, name="my-bot-retire"),
    path(
        "bots/<int:bot_id>/ladders/<str:game>/",
        ladder_views.ladder_entry,
        name="my-bot-ladder",
    ),
    path("bots/<int:bot_id>/preflight/", bot_views.preflight_run, name="my-bot-preflight"),
]
